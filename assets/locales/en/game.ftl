# The words of a game (lobby, board, notes, refusals, picture labels), in
# English. Every other language has the same keys. Squares are named like
# chess squares (a1–e5) in every language.

# The decimal mark of numbers such as ratings (2.5).
decimal-mark = .

## Names

# A seat by its letter (S, W, N, E).
seat = { $seat ->
    [S] South
    [W] West
    [N] North
   *[E] East
  }
# The letter on a seat's pieces and palace in the pictures, and beside its
# name in the seat field.
seat-letter = { $seat ->
    [S] S
    [W] W
    [N] N
   *[E] E
  }
# A computer player's strength.
level = { $level ->
    [random] random
    [easy] easy
    [medium] medium
    [hard] hard
    [expert] expert
   *[other] { $level }
  }
# $id: the level's name in English (languages whose adjective changes form choose by it).
computer = { $id ->
   *[other] { $level } computer
  }
# Two computers of one level at a table: each with its seat.
computer-at = { $computer } ({ $seat })
level-random = plays any legal move
level-easy = takes the best-looking move now
level-medium = plans the whole series of throws
level-hard = looks ahead at the opponents' replies
level-expert = judges moves by a network trained on thousands of games
# Several seats: "North and East".
and = and

## Moves in words ("e4 → d5 takes North · enter a piece")

move-takes = takes { $seats }
move-twins = twins { $place }
move-make-twins = make twins on { $place }
move-enter-twins = bring the twins back in
move-enter-pair = bring the pair back in
move-pass = stop here
move-enter = { $count ->
    [one] enter a piece on { $place }
   *[other] enter { $count } pieces on { $place }
  }
move-bear-off = { $count ->
    [one] bear off a piece
   *[other] bear off { $count } pieces
  }
move-repeated = { $text } ({ $count }×)
move-same-trip = { $trip } ({ $count } { $twins ->
    [yes] pairs
   *[no] pieces
  })
# The same moves as the story tells them (records, the lines above the
# board, the picture's last move): what was done.
did-takes = took { $seats }
did-make-twins = made twins on { $place }
did-enter-twins = brought the twins back in
did-enter-pair = brought the pair back in
did-pass = stopped there
did-enter = { $count ->
    [one] entered a piece on { $place }
   *[other] entered { $count } pieces on { $place }
  }
did-bear-off = { $count ->
    [one] bore off a piece
   *[other] bore off { $count } pieces
  }
# A menu's option by piece: where each piece starts and ends ("Sb1 → Sb5",
# "enter → Sb3" for a piece entering, "c3 → off" for one borne off), ⚔ for
# each piece it captures on the way.
option-entering = enter
option-off = off
place-keep = the keep ({ $square })
place-step = step { $step }
place-home = home
more-lines = …and { $count } more

## Lobby

lobby-title = { $ruleset ->
    [tayam-sonalu] Tayam Sonalu
   *[other] Thaayam
  }: lobby
lobby-description = A game of **{ $ruleset ->
    [tayam-sonalu] Tayam Sonalu
   *[other] Thaayam ({ $ruleset })
  }** for { $players } players. Press **Join** to take a seat.
    Seated ({ $seated }/{ $players }): { $names }
    Fair dice: the throws come from a secret seed with SHA-256 `{ $commitment }`; it is revealed when the game ends.
button-join = Join
button-leave = Leave
button-start = Start (host)
button-cancel = Cancel (host)
computer-option = Computer: { $level }
computer-placeholder = Add a computer player (host)

## The board

to-act = **{ $seat }** ({ $who }) to { $verb ->
    [opening] throw for the first turn
    [throw] throw
   *[move] move
  }{ $deadline }.
deadline = { " " }(time runs out <t:{ $time }:R>)
away-until = { " " }(away until <t:{ $time }:f>)
step-by-step-first = Step by step: pick the first action in the menu.
draft-whole = Preview: { $who } is choosing **{ $what }** ({ $throws }). **Confirm** plays it; another pick replaces it.
draft-part = Preview: { $who } is building **{ $what }** ({ $throws }); pick how it goes on.
# The tutor (`/thaayam tutor`), below the preview of a costly move: points of the chance of winning.
tutor-warning = **Tutor**: this gives away { $loss }% — the expert prefers **{ $best }**.
earlier-lines = …{ $count } earlier { $count ->
    [one] line
   *[other] lines
  }
seat-field = { $seat } ({ $letter })
pieces = on the board: { $board }; waiting: { $waiting }; { $goal ->
    [home] home
   *[keep] borne off
  }: { $borne }
pieces-none = none
throws-left = Throws left to use: **{ $throws }**
# A practice game (`/thaayam new practice:true`): on the lobby, the board and the result.
practice-mark = Practice game · not rated
# A game outside servers (a DM, a group DM): on the lobby, the board and the result.
outside-servers-mark = Played outside a server · not rated
board-title = { $ruleset ->
    [tayam-sonalu] Tayam Sonalu
   *[other] Thaayam ({ $ruleset })
  }, game { $game }
# $drawn: the throws drawn from the seed so far (the result counts them the same way).
board-footer = { $drawn ->
    [one] 1 throw
   *[other] { $drawn } throws
  } drawn so far · dice seed SHA-256 { $commitment }… (the seed is revealed when the game ends)
button-throw = Throw the cowries
button-confirm = Confirm
button-undo = Undo
# The tutor's better move (`/thaayam tutor`), beside Confirm (at most 80 characters).
button-prefer = Play the expert's move
button-stand-in = Let a computer play ({ $votes }/{ $needed })
# In a rated game: the away player is then placed last, as if she resigned (at most 80 characters).
button-stand-in-rated = Let a computer play; they place last ({ $votes }/{ $needed })
button-page = Page { $page }
menu-ways = { $what ->
    [another] Or another move
   *[yours] Your move
  }: { $complete ->
    [yes] { $count ->
        [one] 1 way
       *[other] { $count } ways
      }
   *[no] over { $count } ways
  } to use { $throws } (pick one)
# More ways than a menu holds (25): one piece's move first, then the rest.
menu-piece-first = { $what ->
    [next] Your move goes on
   *[yours] Your move
  }: { $complete ->
    [yes] { $count } ways
   *[no] over { $count } ways
  } to use { $throws }, too many to list: move one piece first, then the rest
menu-plus = { " " }· “4+1”: one piece moves both throws
menu-again = { " " }· “4, 2”: one piece moves 4, then 2
menu-sonal = { " " }· s: Sonal (0 + 4), a 4 that enters a piece
menu-twins = { " " }· twins: two pieces joined, moving as one at half the throw
menu-steps-first = Step by step: the first action
menu-steps-next = Step by step: the next action
option-with = with { $throws }
option-unused = { $count ->
    [one] 1 throw unused
   *[other] { $count } throws unused
  }
option-tag-capture = ⚔ capture
option-tag-home = { $goal ->
    [home] ★ goes home
   *[keep] ★ bears off
  }
option-tag-enter = ＋ enters
# A move that joins twins or moves them.
option-tag-twins = twins
option-wins = wins the game
option-throws-again = throws again

## The result

game-ended-early = **The game was ended before its end; it is not rated.**
game-went-back = The bot's database went back in time (a backup was restored, or its last saves were lost) while this game was running: to deal no throw twice, it ends here and its seed is revealed.
left-player = { $who } (left; a computer played on)
place-line = { $place }. { $name } ({ $seat })
ratings = Ratings
result-title = { $ruleset ->
    [tayam-sonalu] Tayam Sonalu
   *[other] Thaayam ({ $ruleset })
  }, game { $game }: result
result-seed = Dice seed: `{ $seed }` ({ $count } throws drawn)
result-commitment = Its SHA-256, shown since the lobby: `{ $commitment }`
result-footer = With the seed anyone can re-derive every throw of this game: { -cmd-verify } { -opt-verify-game }:{ $game }
result-winner = 🏆 **{ $winner }** ({ $seat }) wins!
result-progress = { $borne } of { $pieces } { $goal ->
    [home] home
   *[keep] borne off
  }
ratings-explained = *A rating is the all-time leaderboard's score: skill minus three times its uncertainty. Every game makes the uncertainty smaller, so in a player's first games even a loss can raise her rating. `{ -cmd-leaderboard } { -opt-leaderboard-period }:all` ranks players by it after { $count } rated games.*
result-dice = Fair dice
button-rematch = Rematch
note-rematch = Rematch of game { $game }: { $players }, press Join to play again. The host starts once you are here.
goes-on = *Game { $game } goes on in the board below.*
ended-below = *Game { $game } ended: its result is below.*

## What just happened (the lines above the board)

note-discarded = Struck-through throws are discarded: a player with no piece on the board waits for a 1.
note-joined = { $who } joined.
note-left = { $who } left.
note-computer-joined = A { $who } joined.
note-started = The game starts: everyone throws once; the highest throw begins.
record-commitment = Fair dice: the seed of this game's throws has SHA-256 `{ $commitment }` (shown since the lobby; the seed is revealed when the game ends).
note-ended-by = { $who } ended the game.
note-removed = { $who } was removed{ $then }
note-resigned = { $who } resigned{ $then }
note-threw = { $seat } threw { $throws }
note-sonal = *s* is **Sonal** (0 + 4): a 4 that can enter a piece and throws again. **Tayam** (0 + 1) is the 1 that enters the first piece.
note-zero = A throw of 0 (both dice blank) moves nothing.
note-begins = { $seat } threw highest and begins.
note-throws-lost = No legal move: { $count ->
    [one] 1 throw lost
   *[other] { $count } throws lost
  }, the turn passes{ $why }.
# Why: the rules that stopped every piece, joined with "; " in brackets.
lost-why-enter = a piece enters only with { $throws }
lost-why-bear-off = only a 1 bears a piece off the keep
lost-why-exact = { $goal ->
    [home] only an exact throw takes a piece home
   *[keep] only an exact throw reaches the keep
  }
lost-why-zero = a throw of 0 moves nothing
note-played = { $seat }: { $what }
note-only-move = the only possible move
note-captured = { $seat } captured { $count ->
    [one] 1 piece
   *[other] { $count } pieces
  } and throws again.
note-unused = { $count ->
    [one] 1 throw could not be used.
   *[other] { $count } throws could not be used.
  }
note-took-back = Took back the choice.
note-timed-out = { $who } ran out of time; the computer plays this turn.
note-voted-stand-in = { $who } votes to let a computer play for { $away }, who is away ({ $votes } of the { $needed } votes needed).
note-stood-in = The others voted: a computer plays the seat of { $who } for the rest of the game (in a rated game { $who } is placed last, as a player who resigned).
note-forfeited = { $who } missed three turns in a row and forfeits{ $then }
note-no-show = { $who } did not play her first turn in time and scores this table last{ $then }
note-decided-at-deadline = The round's deadline came: this game ends here, and its table is decided by expected points.
vacated-free = { " " }from the lobby.
vacated-computer = ; a computer takes the seat.
vacated-other-wins = ; the other player wins.
vacated-ends-unrated = ; the game ends and is not rated.
vacated-last = ; no player is left, so the game ends here with them placed last.

## Why a click changed nothing (private answers)

board-caught-up = This board was behind the game (the bot restarted before it could show the last change); it now shows the game as it stands. Your click changed nothing: choose again if it is your turn.
end-shown = This game had already ended (the bot restarted before it could show it); its board now shows the end. Your click changed nothing.
refusal-stale = This board is out of date: the game has moved on. Use the newest board message.
refusal-closed = This game has ended.
refusal-not-your-turn = It is not your turn.
refusal-not-host = Only the host or a moderator (Manage Messages) can do that.
refusal-not-seated = You are not playing in this game.
refusal-already-seated = You already have a seat.
refusal-lobby-full = All seats are taken.
refusal-too-few = At least two players are needed to start.
refusal-bad-choice = That choice is not possible: { $why }.
refusal-not-playing = That choice is not possible: { $who } is not playing.
refusal-unsaved = The game could not be saved just now, so nothing changed. Please try again in a moment.
refusal-unsure = The database is slow: your action may or may not have been saved. Click again in a moment: the board then shows where the game is.
# The reasons the rules give (discord/game names them in English).
why-started = The game has already started.
why-only-moderators = On this server only moderators (Manage Messages) can end a running game.
why-host-stays = The host cannot be removed from the lobby; cancel it instead.
why-only-unseated-moderators-remove = In a running game only a moderator (Manage Messages) who is not playing can remove a player. To leave the game yourself, use `{ -cmd-resign }`.
why-thrown = The throws are already made: choose a move.
why-nothing-more = Nothing more to choose: press Confirm (or Undo).
why-nothing-to-undo = Nothing to undo.
why-nothing-chosen = Nothing chosen yet: pick a move in the menu first.
why-incomplete = The move is not complete yet: pick how it goes on in the menu.
why-not-started = The game has not started yet.
why-not-away = Only the other players may vote, and only while the player on turn is away.
why-already-voted = You have already voted.
why-not-an-option = that option is not one of the menu's
why-gone = that option is not on the menu any more
why-no-step = that step is not on the menu
why-no-page = that page is not on the menu
why-stale-choices = the choices no longer fit the game

## The picture (header, rows) and its description for screen readers

picture-wins = ★ { $name } wins
picture-to-play = ▶ { $name } to play
picture-to-throw = ▶ { $name } to throw
# The same words as the embed's pieces line (waiting / on the board / borne off).
picture-counts = waiting { $off } · on the board { $on } · { $goal ->
    [home] home
   *[keep] borne off
  } { $home }
# Written in the keep, the goal of every track (as short as the square).
picture-keep = { $goal ->
    [home] home
   *[keep] keep
  }
alt-title = Board of { $ruleset ->
    [tayam-sonalu] Tayam Sonalu
   *[other] Thaayam ({ $ruleset })
  }, game { $game }.
alt-seat = { $who }: { $pieces }.
alt-on = on { $places }
alt-twins-on = twins on { $place }
alt-waiting = { $count } waiting
alt-borne = { $count } { $goal ->
    [home] home
   *[keep] borne off
  }
# Between the parts of one seat's pieces in the alt text.
alt-parts = { "; " }
alt-no-pieces = no pieces
alt-wins = { $name } wins.
alt-to-play = { $name } to play.
alt-to-play-with = { $name } to play, throws { $throws }.
alt-picked = Picked, not yet confirmed: { $what }.
alt-last = Last move, { $seat }: { $what }.
# What the picture's marks mean (after the description, when it shows some).
alt-marks = Marks: an arrow follows each move of the last series along the track, numbered in the order played; a dark burst with a cross marks a square where pieces were captured (with how many); a number on a piece counts the pieces on that square.
example-you = You
example-them = Them
example-alt = An example board. South (You) has picked the move { $what } (throws { $throws }), not yet confirmed: the squares it lands on are marked and an arrow shows its last part. The header still says You to play.

## Clicks the bot cannot act on (private answers)

click-not-running = This game is not running any more.
click-unknown-control = This control is not one of this bot's (any more).
click-unreadable = That choice could not be read.
click-retired = This menu belongs to an older board of this bot: play on the newest board message (or post it again with `{ -cmd-board }`).

## Since she was last asked to choose: the lines under the ping of a board
## that calls a player back (her losses first, then every move, hers played
## without asking included).
since-lost = **{ $by } took { $count ->
    [one] your piece
   *[other] { $count } of your pieces
  } on { $square }.**
since-took = { " " }(took { $count })
since-moves = Since your last choice: { $moves }{ $more }.
since-move = { $seat }: { $what }
since-more = { " " }and { $count } more (above)

# A game nobody plays, closed (lobby expiry, idle game reached by clicks only).
note-lobby-expired = This lobby closed: nobody started it in time. { -cmd-new } opens another.
note-idle = The game ended, unrated: nobody clicked for { $turns } turn times.

## The game pages (discord/web): a page per game, in a browser.

web-title = { $ruleset ->
    [tayam-sonalu] Tayam Sonalu
   *[other] Thaayam ({ $ruleset })
  }, game { $game }
web-lobby = Waiting in the lobby: { $seated } of { $players } seated.
web-ended = The game is over.
web-deadline = Time runs out at { $time }.
web-players = Players
web-throws = Throws of this series
web-no-throws = none yet
web-story = The game move by move
web-live = This page follows the game as it is played.
web-replay = Step through the game
web-start = Start
web-previous = ← Previous
web-next = Next →
web-step = Move { $step } of { $count }
web-board-now = The end
web-analysis = Analysis
web-analysis-alt = Chart of each player's chances of winning, move by move.
web-mark-luck = Dice for { $who }: { $points } points of chance
web-mark-inaccuracy = Inaccuracy
web-mark-mistake = Mistake
web-mark-blunder = Blunder
web-mark-loss = { $points } points of chance given away.
web-mark-best = The best move, by the expert's judgement.
web-mark-close = Close to the best: { $points } points given away.
web-mark-played = Played: { $what }
web-mark-better = The expert prefers: { $what }
web-mark-compare = The move played and the expert's, side by side
web-mark-best-alt = The board after the expert's move: { $what }.
web-mark-best-note = Better for { $who }: { $what }
web-dice = Fair dice
web-commitment = Commitment (the SHA-256 of the dice seed, shown since the lobby):
web-seed-hidden = The seed that gives the throws is revealed when the game ends, so that anyone can check every throw.
web-seed = Dice seed (revealed at the end):
web-check = Check
web-check-nojs = Your browser checks the dice here with its own SHA-256 (this needs JavaScript).
web-check-legacy = This game's dice ({ $derivation }) are checked with /thaayam verify, not in the browser.
web-check-hash = SHA-256 of the seed:
web-check-seed-ok = The SHA-256 of the seed is the commitment: the throws were fixed before the game began.
web-check-seed-bad = The SHA-256 of the seed is NOT the commitment.
web-check-throws-ok = All { $count } throws of the game are the ones the seed gives.
web-check-throws-bad = { $count } throws are NOT the ones this seed gives (marked below).
web-throw-played = Played
web-throw-derived = From the seed
web-not-found-title = No such game
web-not-found = This link leads to no game: it may be mistyped, or the game's server switched its game pages off.
web-busy = Too many live pages are open from your address. Close some, then reload this one.
web-link = Game page

# A tournament's page (/t/…).
web-tournament-title = { $name }: tournament
web-tournament-signup = Sign-up open: { $entrants } entrants so far.
web-tournament-running = Under way.
web-tournament-finished = Finished.
web-tournament-cancelled = Cancelled.
web-tournament-swiss = Swiss, tables of { $size }, { $rounds } rounds
web-tournament-arena = Arena, tables of { $size }
web-tournament-start = Start: { $time }
web-tournament-live = This page reloads itself every { $secs } seconds while the tournament runs.
web-tournament-standings = Standings
web-tournament-tie-break = Ties are broken by the opponents' points (the sum of the points of everyone met), then by wins, then by the rating at the start.
web-tournament-player = Player
web-tournament-points = Points
web-tournament-games = Games
web-tournament-wins = Wins
web-tournament-opponents = Opponents' points
web-tournament-withdrawn = (withdrawn)
web-tournament-round = Round { $round }
web-tournament-arena-games = The arena's games
web-tournament-deadline = Deadline: { $time }; a game still running then is decided by each player's expected points.
web-tournament-arena-ends = The arena ends { $time }; a game still running then is decided by each player's expected points.
web-tournament-table = Table { $table }
web-tournament-playing = playing
web-tournament-played = played to its end
web-tournament-decided = decided at the deadline by expected points
web-tournament-bye = a bye
web-tournament-table-cancelled = cancelled
web-tournament-no-show = (did not show: a computer played her seat)
web-tournament-entrant = Entrant { $number }
web-tournament-link = Tournament page
web-tournament-points-short = Pts
web-tournament-games-short = G
web-tournament-wins-short = W
web-tournament-opponents-short = Opp.
web-tournament-rules = { $ruleset ->
    [tayam-sonalu] Tayam Sonalu
   *[other] Thaayam ({ $ruleset })
  }
# The button of a board that opens the game inside Discord (an Activity), and
# the private answer when Discord could not open it.
activity-button = Play on the board
activity-unavailable = Playing on the board is not available here right now.
# The Activity (the game played on the board inside Discord).
activity-signed-out = Discord did not confirm who you are. Close the Activity and open it again.
activity-not-in-instance = You are not in this Activity. Open it from the game's channel.
activity-no-game = No game is being played in this channel. Start one with /thaayam new, then open the Activity again.
activity-your-turn = Your move: touch where your pieces end.
activity-picked = See where it leads, then confirm or undo.
activity-watching = Waiting for the player on turn.
activity-touch-piece = Your move: touch a piece that can move, or pick below.
activity-touch-end = Now touch where it ends.
activity-same-squares = Several moves end there: pick one below.
activity-board-next-click = In this conversation, the board in the chat shows your move at the next click on it.
activity-connecting = Connecting to Discord…
