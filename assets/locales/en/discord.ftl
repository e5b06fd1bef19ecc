## What Discord shows of /thaayam in English: the name of each subcommand
## and option (`slash-<command>`, `slash-<command>-<option>`: the commands'
## own names, which every language Discord does not offer shows too) and its
## description (`…-about`, at most 100 characters).

slash-thaayam-about = Thaayam, a South Indian race game for 2–4 players with cowrie-shell dice

slash-new = new
slash-new-about = Open a game in this channel; players join with the buttons
slash-new-variant = variant
slash-new-variant-about = Which rules (default: the server's default, normally bell)
slash-new-players = players
slash-new-players-about = Number of players, 2 to 4 (default 2); computers can fill seats
slash-new-timeout = timeout
slash-new-timeout-about = Time for each turn, like 30m, 12h or 2d (default 24h)
slash-new-practice = practice
slash-new-practice-about = A practice game: { -cmd-hint } advises the player on turn; never rated (default false)

slash-board = board
slash-board-about = Post the board of this channel's game again (as the newest message)

slash-resign = resign
slash-resign-about = Give up your seat in this channel's game (a computer plays on for you)

slash-end = end
slash-end-about = End this channel's game early, without ratings (host or Manage Messages)

slash-kick = kick
slash-kick-about = Remove a player from this channel's game; a computer takes the seat (host or Manage Messages)
slash-kick-user = user
slash-kick-user-about = The player to remove

slash-hint = hint
slash-hint-about = Practice games: the best move for you now, and your chance of winning

slash-help = help
slash-help-about = How a turn works: the move menu, Confirm and Undo

slash-rules = rules
slash-rules-about = How to play Thaayam (the rules in short, for each variant)
slash-rules-variant = variant
slash-rules-variant-about = Which rules to explain (default: all of them)

slash-leaderboard = leaderboard
slash-leaderboard-about = This server's best players of a variant: this month's season, this week, or all time
slash-leaderboard-variant = variant
slash-leaderboard-variant-about = Which rules (default: the server's default)
slash-leaderboard-period = period
slash-leaderboard-period-about = This month's season (the default), this week, or all time by rating
slash-leaderboard-season = season
slash-leaderboard-season-about = A past month's final table, like 2026-11

slash-stats = stats
slash-stats-about = A player's Thaayam record on this server: rating, games, wins, streaks
slash-stats-user = user
slash-stats-user-about = Whose record (default: yours)
slash-stats-against = against
slash-stats-against-about = Show the head-to-head with this player instead: games together, who finished ahead, the last five

slash-history = history
slash-history-about = The last games played to the end in this channel, with their numbers for replays

slash-replay = replay
slash-replay-about = Watch a finished game again as an animated picture
slash-replay-game = game
slash-replay-game-about = The game's number, as { -cmd-history } shows it (e.g. 12)

slash-analyse = analyse
slash-analyse-about = Chart a finished game: each player's chance of winning and the biggest swings
slash-analyse-game = game
slash-analyse-game-about = The game's number, as { -cmd-history } shows it (e.g. 12)

slash-verify = verify
slash-verify-about = Check that a finished game's dice were fair
slash-verify-game = game
slash-verify-game-about = The game's number, as { -cmd-history } shows it (e.g. 12)

slash-settings = settings
slash-settings-about = This server's defaults for new games (changing them needs Manage Server)
slash-settings-variant = variant
slash-settings-variant-about = Default rules of new games
slash-settings-turn_timeout = turn_timeout
slash-settings-turn_timeout-about = Default time per turn, like 30m, 12h or 2d (1 minute to 30 days)
slash-settings-end_permission = end_permission
slash-settings-end_permission-about = Who may end a game early
slash-settings-language = language
slash-settings-language-about = Language of the bot's messages here: en, fr, ta, or auto (the server's Discord locale)
slash-settings-pages = pages
slash-settings-pages-about = Game pages in a browser for this server's games (on by default where the bot serves them)
slash-settings-time_zone = time_zone
slash-settings-time_zone-about = When weeks and months begin for the seasons: an IANA zone like Europe/Paris (default UTC)
slash-settings-podium = podium
slash-settings-podium-about = on: last month's podium is posted in this channel when a month ends; off: not posted
slash-settings-away_days = away_days
slash-settings-away_days-about = Days a player may be away (her turns wait) in any 30: 0 to 30, 0 = not allowed; 14 by default
slash-settings-organiser_role = organiser_role
slash-settings-organiser_role-about = A role whose members may set tournaments up and cancel them, besides Manage Server
slash-settings-clear_organiser_role = clear_organiser_role
slash-settings-clear_organiser_role-about = true: forget the organisers' role (tournaments need Manage Server again)

slash-games = games
slash-games-about = The running games of this channel (or, outside servers, yours), with links to their boards

slash-notify = notify
slash-notify-about = A direct message when it is your turn and you have not acted for a while
slash-notify-switch = switch
slash-notify-switch-about = on or off (off unless you switch it on)
slash-tutor = tutor
slash-tutor-about = Practice and computer games: a warning before you confirm a costly move, and the better move
slash-tutor-switch = switch
slash-tutor-switch-about = on or off (off unless you switch it on); without it: your current setting
slash-away = away
slash-away-about = Be away without losing your games: your turns wait for you (for up to this server's limit)
slash-away-length = length
slash-away-length-about = How long, like 12h, 3d or 1w; or off when you are back

slash-tournament = tournament
slash-tournament-about = Tournaments the bot runs here: sign-up, Swiss or arena, a thread per table
slash-tournament-new = new
slash-tournament-new-about = Set up a tournament in this channel and post its sign-up (needs Manage Server)
slash-tournament-new-name = name
slash-tournament-new-name-about = The tournament's name (1 to 80 characters)
slash-tournament-new-variant = variant
slash-tournament-new-variant-about = Which rules its games use (default: the server's default)
slash-tournament-new-format = format
slash-tournament-new-format-about = swiss: rounds, paired by points; arena: play again as soon as others wait (default swiss)
slash-tournament-new-table_size = table_size
slash-tournament-new-table_size-about = Players at each table, 2 to 4 (default 2)
slash-tournament-new-rounds = rounds
slash-tournament-new-rounds-about = Rounds of a Swiss, 1 to 12 (default 3)
slash-tournament-new-length = length
slash-tournament-new-length-about = Minutes of each Swiss round (5 to 720) or of the whole arena (10 to 720); default 60
slash-tournament-new-turn_time = turn_time
slash-tournament-new-turn_time-about = Time for each turn, like 90s or 2m (30 seconds to 1 hour; default 2m)
slash-tournament-new-start = start
slash-tournament-new-start-about = Minutes from now (30), a duration (2h), a time (20:30) or a date and time; default 30
slash-tournament-new-late_join = late_join
slash-tournament-new-late_join-about = Swiss: rounds after the first that latecomers may still join for (default 0)
slash-tournament-new-streak_bonus = streak_bonus
slash-tournament-new-streak_bonus-about = Arena: after two wins in a row, each further win scores double (default false)
slash-tournament-show = show
slash-tournament-show-about = This channel's tournaments (or the server's latest): state, entrants, round
slash-tournament-cancel = cancel
slash-tournament-cancel-about = Cancel a tournament (its organiser, or Manage Server)
slash-tournament-cancel-tournament = tournament
slash-tournament-cancel-tournament-about = Its number (default: the one open in this channel)
slash-tournament-withdraw = withdraw
slash-tournament-withdraw-about = Leave a tournament; after its start you are not paired again, your results stay
slash-tournament-withdraw-tournament = tournament
slash-tournament-withdraw-tournament-about = Its number (default: the one open in this channel)
