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
leaderboard-empty = No one on this server has finished { $count } rated games of { $variant } yet. Start one with `{ -cmd-new }`.
leaderboard-line = **{ $rank }.** { $who } **{ $rating }** · { $games } · { $wins } · average place { $place }
leaderboard-newcomers = Not ranked yet (fewer than { $count } games): { $names }
leaderboard-footer = { $meaning } Players are listed after { $count } games.
leaderboard-title = Leaderboard: { $variant }
season-title-week = Leaderboard: { $variant }, week { $season }
season-title-month = Leaderboard: { $variant }, { $season }
season-title-kept = Leaderboard: { $variant }, { $season } (final)
season-running = This season began <t:{ $starts }:f> and resets <t:{ $ends }:f> (<t:{ $ends }:R>), midnight in the server's time zone ({ $zone }).
season-kept = The final table of { $season }, from <t:{ $starts }:f> to <t:{ $ends }:f> (time zone { $zone }).
season-points = { $count ->
    [one] { $count } point
   *[other] { $count } points
  }
season-line = **{ $rank }.** { $who } **{ $points }** · { $games } · { $wins }
season-empty = No one has finished { $count } rated games of { $variant } in this season yet.
season-footer = Ranked from { $count } games; ties go to more wins, then fewer games. All time, by rating: { -opt-leaderboard-period }:all.
season-bad = `{ $typed }` is not a month: write it like 2026-11.
season-not-over = { $typed } is not over yet: this month's table is { -cmd-leaderboard } without { -opt-leaderboard-season }.
season-before-first = { $typed } ended before this server's first rated game: there is no table to show.
# How a table counts its points (one line). $count: the games of the same two players counted in any 7 days.
season-rule-people = A point for each person you finish ahead of. Games with no other person, opponents who left before playing, and more than { $count } games of the same two players in 7 days add nothing.
# A table kept before that rule keeps its count.
season-rule-every-seat = Kept under the earlier count: a point for every seat finished ahead of, computers included.
podium-title = Podium of { $season }
podium-intro = The season { $season } is over. Congratulations to its podium!
podium-place = { $medal } { $who } ({ $points })
podium-footer = The whole table: { -cmd-leaderboard } { -opt-leaderboard-season }:{ $season }
stats-none = { $who } has not finished a game on this server yet.
stats-all = { $who }'s record on this server: { $games } and { $wins } in all.
stats-title = Thaayam record
stats-variant = Rating **{ $rating }** (μ { $mu }, σ { $sigma })
    { $games } · { $wins } ({ $percent }%)
    Average place { $place }
    Win streak { $streak } (best { $best })
stats-listed-after = On the leaderboard after { $count } games
stats-rivals = Frequent opponents
stats-rival = { $who }: { $games } · ahead in { $ahead } · behind in { $behind } · { $wins }
versus-title = Head to head
versus-none = { $who } and { $other } have not finished a rated game together on this server yet.
versus-summary = { $who } against { $other }: { $games } together on this server. { $who } finished ahead in { $ahead }, { $other } in { $behind }.
versus-last = { $count ->
    [one] Their last game in this channel:
   *[other] Their last { $count } games in this channel:
  }
versus-meeting = `#{ $game }` { $date } { $variant }: { $who } { $place }, { $other } { $their_place }
versus-footer = Rated games of this server only (the games listed: this channel's); a number is the place each finished in (1 won).
history-practice = practice
history-no-winner = no winner
history-won-by = won by { $names }
history-none = No game has been played to the end in this channel yet. Start one with `{ -cmd-new }`.
history-footer = Watch a game again with { -cmd-replay }, e.g. { -opt-replay-game }:{ $game }
history-title = Finished games in this channel

## /thaayam settings

settings-bad-language = There is no language `{ $typed }` here. The bot speaks { $known }; `auto` follows the server's language in Discord.
settings-not-manager = Only members with the **Manage Server** permission can change these settings. Call `{ -cmd-settings }` without options to see them.
settings-bad-timeout = The turn timeout did not work: { $error }.
settings-long-timeout = The turn timeout `{ $typed }` is too long.
settings-end-host = the game's host, or a moderator (Manage Messages)
settings-end-moderators = only moderators (Manage Messages)
settings-saved = Saved. New games on this server start with these settings.
settings-shown = New games on this server start with these settings (`{ -cmd-new }` can still choose others).
settings-footer-manager = Change them with { -cmd-settings } { -opt-settings-variant }:… { -opt-settings-turn_timeout }:12h { -opt-settings-end_permission }:… { -opt-settings-language }:…
settings-footer = Members with Manage Server can change them with { -cmd-settings }.
settings-language-auto = { $name } (the server's language in Discord)
settings-title = Thaayam settings of this server
settings-rules = Default rules
settings-timeout = Turn timeout
settings-end = Who may end a game
settings-language = Language
settings-pages = Game pages
settings-pages-on = on: boards and results link to a page per game
settings-pages-off = off: this server's games have no page
settings-time-zone = Seasons' time zone
settings-podium = Monthly podium
settings-podium-on = posted in { $channel } when a month ends
settings-podium-off = off
settings-bad-time-zone = `{ $typed }` is not a time zone. Write its IANA name, like Europe/Paris, Asia/Kolkata or UTC.
settings-away = Time away
settings-away-days = up to { $days } days in any 30 (`{ -cmd-away }`)
settings-away-none = not allowed
settings-not-in-server = Thaayam is not in this server, so it has no settings here: an admin can add it first.
settings-organisers = Tournament organisers
settings-organisers-none = members with Manage Server
settings-organisers-role = members with Manage Server or the role { $role }
settings-role-and-clear = Name the tournament organisers' role or clear it, not both.
# The refusals of `/thaayam tournament new` and `cancel` on a server that named its organisers' role.
tournament-not-manager-nor-role = Setting up a tournament needs Manage Server or the role { $role }.
tournament-not-organiser-nor-role = Only the organiser of tournament #{ $id }, a member with Manage Server or a member with the role { $role } can cancel it.

## /thaayam help

help-turn = **How a turn works**
    1. When your turn comes the bot throws the cowries for you: it throws again after a 1, 4 or 8 and stops at a 2 or 3. Whatever has only one possible outcome plays itself, and the board says what happened.
    2. When you have a choice the board mentions you and offers one menu, **Your move**. Each option is a whole move, named piece by piece by the square it starts on and the one it ends on, ⚔ for each piece it captures on the way, for example `e4 → d5 ⚔ · enter → c1` (a piece entering on c1), with the throws it uses; captures, pieces home and entries come first. Picking one shows it on the picture (its squares marked, an arrow); you may pick another.
    3. Press **Confirm** to play it, or **Undo** to take it back.
    4. If a series has more moves than a menu holds (25), the menu says so and you move one piece first; the menu then offers the rest of the move.
    In the picture, an arrow follows each move of the last series along the track (numbered in the order played), a dark burst with a cross marks a square where pieces were captured, and a number on a piece counts the pieces on that square.
    A capture earns another series. Squares are named like chess squares from South's side: files a–e from left to right, ranks 1–5 from bottom to top; the keep is c3, the palaces are c1, a3, c5 and e3. On Tayam Sonalu's cross a square is its arm (S down, W left, N up, E right), its lane (a–c, left to right or top to bottom, as drawn at the arm's end) and its distance from the centre (1–8): South enters on Sb1 and walks out to Sb8. `{ -cmd-rules }` gives the rules, `{ -cmd-resign }` gives up (in a game of two the other player wins at once).

## /thaayam rules

rules-common = **Thaayam** is a race game from South India for 2–4 players on a 5 × 5 board. Each player has four pieces that enter on their *palace* (the middle square of their side), run round the board and spiral inwards to the centre square, the *keep*, and are then borne off. The dice are four cowrie shells: the number of shells mouth-up gives 1, 2, 3 or 4, and none up gives 8. A 1, 4 or 8 lets you throw again; a series ends with a 2 or a 3. A piece enters with a throw of 1. Landing on an opponent's piece on an unmarked square captures it (it goes back off the board) and earns another series. Marked squares are safe. Two of your pieces can travel together as *twins*. The first to bear off all four pieces wins.
rules-bell = **bell** (R. C. Bell): a piece moves by the sum of any of the throws, once per series; you must use as many throws as you can.
rules-bell1979 = **bell1979**: each throw moves a piece on its own, and a piece may move again with another throw; a capture gives a new series at once.
rules-francais = **francais**: using the throws is optional (you may stop), and captured twins stay together off the board.
rules-tayam-sonalu = **tayam-sonalu** (Sri Lanka): a cross-shaped board and two long dice (0, 1, 2, 4); the first piece enters only with Tayam (0+1), later ones with 1, 5 or Sonal (0+4); each throw moves a piece on its own; nothing is safe; all four pieces home in the centre wins.
rules-start = Start a game with `{ -cmd-new }`. The throws are made for you; on your turn pick your move in the **Your move** menu and press **Confirm** (`{ -cmd-help }` shows how).
rules-routes = The pictures show each player's route on the 5 × 5 board, from the palace to the keep.
rules-cross-routes = The cross pictures show each player's route from the centre, out and round, back home.

## /thaayam new, board, resign, end, kick

new-bad-timeout = The timeout did not work: { $error }.
new-setting-up = A game is being set up in this channel right now; its lobby will appear here in a moment.
new-store-failed = The game could not be opened just now (database trouble); please try again.
new-not-posted = I could not post the lobby in this channel (Discord refused the message), so no game was opened. Please check that I may view this channel, send messages (in a thread: send messages in threads), embed links and attach files here, then try again.
new-newer-game = This channel has an unfinished game (game { $game }) saved by a newer version of the bot than the one running now, so this version cannot go on with it, and it leaves the game untouched: no new game can be opened here until it is over. Please ask the bot's operator to run the newer version again.
rematch-not-player = Only the players of game { $game } can ask for its rematch; `{ -cmd-new }` opens a game of your own.
new-opened = Lobby opened for game { $game }: { $link }
new-missing-permissions = I cannot open a game in this channel: I lack the { $count ->
    [one] permission { $list } here. A server admin can grant it
   *[other] permissions { $list } here. A server admin can grant them
  } to me (in this channel's or my role's settings); then try again.
new-running = A game is already running in this channel; { -cmd-board } shows it again.
new-running-here = A game is already running in this channel: { $link }
no-game-start-one = No game is running in this channel. Start one with { -cmd-new }.
board-again = Here is the board again.
board-not-posted = I could not post the board in this channel (Discord refused the message); the game goes on where it was. Please check that I may view this channel, send messages (in a thread: send messages in threads), embed links and attach files here, then try again.
board-missing-permissions = I cannot post the board in this channel: I lack the { $count ->
    [one] permission { $list } here. A server admin can grant it
   *[other] permissions { $list } here. A server admin can grant them
  } to me (in this channel's or my role's settings); then try again.
no-game = No game is running in this channel.
done = Done.
# A reminder in the channel, half way to the deadline.
reminder = { $who }, it is your turn in the Thaayam game here: time runs out <t:{ $time }:R>.
reminder-with-board = { $who }, it is your turn in the Thaayam game here (the board: { $board }): time runs out <t:{ $time }:R>.

## /thaayam replay

replay-not-a-number = `{ $typed }` is not a game number. `{ -cmd-history }` lists the games of this channel with their numbers.
replay-no-game = There is no game { $game } on this server. `{ -cmd-history }` lists the finished games.
replay-going-on = Game { $game } is still going on; its replay will be here once it has ended.
replay-nothing = Game { $game } was ended before anyone threw; there is nothing to replay.
replay-ended-early = , ended early <t:{ $time }:d>
replay-finished = , finished <t:{ $time }:d>
replay-caption = Replay of game { $game } ({ $ruleset }, { $players } players{ $when }): { $names }
replay-failed = Sorry, the replay of game { $game } could not be drawn.
# The caption of a replay's frame: who played, and the move in the board's words.
replay-frame = { $who }: { $what }

## Failures

store-failed = Sorry, I could not read the game records just now; please try again in a moment.
error-logged = Sorry, something went wrong; it has been logged.
error-argument = That argument did not work: { $error }
error-options = That command's options do not fit what this bot expects; please try it again.

# Permissions, as Discord's server and channel settings name them.
permission-view-channel = View Channel
permission-send-messages = Send Messages
permission-send-messages-in-threads = Send Messages in Threads
permission-embed-links = Embed Links
permission-attach-files = Attach Files

## /thaayam hint (practice games)

hint-pick = **Hint** (only you see it): pick **{ $option }** in the menu.
hint-build = **Hint** (only you see it): the best move is not among the menu's options: choose **Another move: build it step by step** and play { $what }.
hint-chances = Your estimated chance of winning: { $before }% now, { $after }% after this move.
hint-others = The menu's other moves leave you { $low }% to { $high }%.
hint-other = The menu's other moves leave you { $chance }%.
hint-no-game = No game is running in this channel. Start a practice game with `{ -cmd-new } { -opt-new-practice }:true`.
hint-not-practice = Hints are only in practice games: start one with `{ -cmd-new } { -opt-new-practice }:true`.
hint-not-seated = You are not playing in this game: hints are for its players.
hint-not-your-turn = It is not your turn: a hint is for the player on turn.
hint-no-choice = You have no move to choose right now: ask for a hint when the menu offers your moves.
hint-no-network = Hints are not available for { $ruleset } with { $players } players: the computer has no trained evaluation for this table.

## /thaayam analyse

analyse-unfinished = Game { $game } has not been played to the end; only finished games can be analysed.
analyse-no-network = There is no trained evaluation yet for { $ruleset } with { $players } players, so game { $game } cannot be analysed.
analyse-failed = Sorry, game { $game } could not be analysed.
analyse-caption = **Game { $game }** ({ $ruleset }): each player's chance of winning after every series (x: series number), as the computer estimates it.
analyse-seat = { $letter } { $seat }: { $name }
analyse-calm = No throw or move swung this game by more than { $points } points.
analyse-luck = **{ $n }.** Series { $series }, luck: { $who } threw { $throws }; chance { $before }% → { $after }%.
analyse-choice = **{ $n }.** Series { $series }, choice: { $who } played { $played } ({ $played_throws }), worth { $after }%; { $best } ({ $best_throws }) was worth { $best_chance }%: { $points } points given away.

## /thaayam verify

verify-title = Fair dice of game { $game }
verify-seed = Seed: `{ $seed }`
verify-commitment = Its SHA-256, shown since the lobby: `{ $commitment }`
verify-seed-ok = The SHA-256 of the seed is the commitment: the throws were fixed before the game began.
verify-seed-bad = The SHA-256 of the seed is NOT the commitment.
verify-throws-ok = All { $count } throws of the game are the ones the seed gives.
verify-throws-bad = Throw { $index } of { $count } was { $logged } in the game, but the seed gives { $derived }.
verify-turns = Throws by turn
verify-more = … and { $count } more turns in the attached file.
verify-steps = To check by hand: the attached file gives the steps, and docs/FAIR-DICE.md a 30-line program (derivation { $derivation }).
verify-going-on = Game { $game } is still going on: its dice seed is revealed when it ends, and then it can be verified.

# Used where it cannot work: a server's command outside servers.
only-in-servers = This command works in a server's channels only: use it in a server where Thaayam was added. Games in DMs and group DMs are not rated, so they have no leaderboard.
# `/thaayam new` in a server the bot was not added to (the app installed to a user only).
new-not-in-server = Thaayam is not in this server, so it cannot run a game here. Ask an admin to add it, or start a game in a group DM or in your DM with the bot.

## /thaayam games
games-here = { $count ->
    [one] 1 game runs in this channel:
   *[other] { $count } games run in this channel:
}
games-yours = { $count ->
    [one] You play in 1 game:
   *[other] You play in { $count } games:
}
games-none-here = No game runs in this channel now (the bot cannot tell which other channels you may see). Start one with `{ -cmd-new }`.
games-none-yours = You play in no running game now. Start one with `{ -cmd-new }`.
games-more = { $count ->
    [one] …and 1 more.
   *[other] …and { $count } more.
}
games-game = **{ $ruleset }** (game { $game })
games-lobby = lobby, { $seated } of { $seats } seated
games-turn = { $who } to play

## /thaayam notify
notify-on = I will send you a direct message when it is your turn and you have not acted for { $minutes } minutes (once a turn; never for practice hints). `{ -cmd-notify }` off stops it.
notify-off = No more direct messages about your turns.
notify-failed = Your choice could not be saved; nothing changed. Please try again.
# The direct message itself ($game, $board: link to the board).
notify-dm = It is your turn in game { $game } ({ $ruleset }): { $board }

## /thaayam tutor
tutor-on = Tutor on: in practice games and games against computers (never in a rated game between people), when a move you pick gives away { $points } points or more of your chance of winning, the preview says so before you confirm, with the expert's move one tap away. `{ -cmd-tutor }` off stops it.
tutor-off = Tutor off: your moves are no longer judged before you confirm them.
tutor-is-on = The tutor is on for you: in practice games and games against computers, a move that gives away { $points } points or more is pointed out before you confirm it. `{ -cmd-tutor }` off stops it.
tutor-is-off = The tutor is off for you. `{ -cmd-tutor }` on points out, in practice games and games against computers, a move that gives away { $points } points or more before you confirm it.
tutor-failed = Your choice could not be saved; nothing changed. Please try again.

## /thaayam away
away-set = You are away until <t:{ $until }:f>. Your turns in running games wait for you (not in practice games; a server honours at most its own limit, here { $days } days in any 30), and the other players may vote to let a computer play for you. Back sooner? `{ -cmd-away } { -opt-away-length }:off`.
away-back = Welcome back: your turns count again, each with a full turn time from now.
away-was-not = You were not away; nothing changed.
away-bad-length = `{ $typed }` is not a length: write a whole number and a unit, like `12h`, `3d` or `1w` (or `off` when you are back).
away-bad-range = A time away lasts from 1 hour to 30 days; `{ $typed }` does not.
away-not-allowed = This server does not allow time away (its admins can change that with `{ -cmd-settings } { -opt-settings-away_days }:`).
away-over-limit = That is too long: this server allows { $days } days away in any 30, and you were already away { $used } of them. Ask for less.
away-failed = Your time away could not be saved; nothing changed. Please try again.

# Heavy commands (hint, rules, replay, analyse) refused for a while.
busy-cooldown = You asked for this a moment ago: try again in { $secs } s.
busy-queue = The bot is busy with others' requests: try again in { $secs } s.
# A user who opened too many games.
new-capped-open = You already have { $max } games open (lobbies included): finish or cancel one before opening another.
new-capped-hourly = You opened { $max } games in the last hour: try again in { $minutes } min.

# A slash-command option outside its declaration (a forged interaction).
option-choices = The option `{ $name }` must be one of its choices: { $choices }.
option-number = The option `{ $name }` must be { $whole ->
    [yes] a whole number
   *[no] a number
  } { $range } (not { $given }).
option-length = The option `{ $name }` must be { $range } characters long.
range-between = from { $min } to { $max }
range-min = at least { $min }
range-max = at most { $max }
analyse-table = Every player: luck and choices
analyse-player = { $who }: dice { $luck }, choices { $choices } over { $decisions } decisions (mean loss { $mean } points), accuracy { $accuracy }% · { $inaccuracies } inaccuracies, { $mistakes } mistakes, { $blunders } blunders
analyse-costliest = **The costliest decisions**
analyse-costly = **{ $n }.** Series { $series }: { $who } played { $played } ({ $played_throws }); the expert prefers { $best } ({ $best_throws }): { $points } points given away, { $label }.
label-inaccuracy = an inaccuracy
label-mistake = a mistake
label-blunder = a blunder
label-none = a small slip
review-caption = Game { $game }, analysed (dice: luck in points of chance of winning; choices: points given away):
review-line = { $who }: dice { $luck }, choices { $choices }, accuracy { $accuracy }%
review-line-no-choice = { $who }: dice { $luck }, no choice to make
