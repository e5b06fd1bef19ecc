# The words of the slash commands (records, settings, help, rules,
# answers), in English. Every other language has the same keys.

## /thaayam leaderboard, stats, history

rating-meaning = Rating = skill estimate minus three times its uncertainty (Weng-Lin/OpenSkill): everyone starts at 0, and it rises with wins and with games played.
n-games = { $count ->
    [one] { $count } game
   *[other] { $count } games
  }
n-wins = { $count ->
    [one] { $count } win
   *[other] { $count } wins
  }
leaderboard-empty = No one on this server has finished { $count } rated games of { $variant } yet. Start one with `/thaayam new`.
leaderboard-line = **{ $rank }.** { $who } **{ $rating }** · { $games } · { $wins } · average place { $place }
leaderboard-newcomers = Not ranked yet (fewer than { $count } games): { $names }
leaderboard-footer = { $meaning } Players are listed after { $count } games.
leaderboard-title = Leaderboard: { $variant }
stats-none = { $who } has not finished a game on this server yet.
stats-all = { $who }'s record on this server: { $games } and { $wins } in all.
stats-title = Thaayam record
stats-variant = Rating **{ $rating }** (μ { $mu }, σ { $sigma })
    { $games } · { $wins } ({ $percent }%)
    Average place { $place }
    Win streak { $streak } (best { $best })
stats-listed-after = On the leaderboard after { $count } games
history-no-winner = no winner
history-won-by = won by { $names }
history-none = No game has been played to the end in this channel yet. Start one with `/thaayam new`.
history-footer = Watch a game again with /thaayam replay, e.g. game:{ $game }
history-title = Finished games in this channel

## /thaayam settings

settings-bad-language = There is no language `{ $typed }` here. The bot speaks { $known }; `auto` follows the server's language in Discord.
settings-not-manager = Only members with the **Manage Server** permission can change these settings. Call `/thaayam settings` without options to see them.
settings-bad-timeout = The turn timeout did not work: { $error }.
settings-long-timeout = The turn timeout `{ $typed }` is too long.
settings-end-host = the game's host, or a moderator (Manage Messages)
settings-end-moderators = only moderators (Manage Messages)
settings-saved = Saved. New games on this server start with these settings.
settings-shown = New games on this server start with these settings (`/thaayam new` can still choose others).
settings-footer-manager = Change them with /thaayam settings variant:… turn_timeout:12h end_permission:… language:…
settings-footer = Members with Manage Server can change them with /thaayam settings.
settings-language-auto = { $name } (the server's language in Discord)
settings-title = Thaayam settings of this server
settings-rules = Default rules
settings-timeout = Turn timeout
settings-end = Who may end a game
settings-language = Language
