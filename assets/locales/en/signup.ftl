# The words of a tournament's sign-up and of /thaayam tournament (new, show, cancel, withdraw). Every language has the same keys.

## The sign-up message

signup-title = 🏆 { $name }
signup-open = Sign-up is open: join with the buttons below. Check-in opens { $opens }; an entrant who has not checked in by the start is not paired.
signup-check-in-open = Check-in is open: entrants, press **Check in** before the start ({ $start }), or you will not be paired. Whoever joins now is checked in at once.
signup-running-round = Under way: round { $round } of { $rounds }.
signup-running = Under way.
signup-finished = This tournament has finished.
signup-cancelled = This tournament was cancelled.
signup-field-rules = Rules
signup-field-format = Format
signup-field-tables = Tables
signup-field-points = Points by place
signup-field-tie-break = Ties broken by
signup-field-turn = Turn time
signup-field-start = Start
signup-field-late = Late joining
signup-format-swiss = Swiss, { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
  } of up to { $minutes } minutes
signup-format-arena = Arena, { $minutes } minutes;
signup-streak-on = streak bonus: after two wins in a row, each further win scores double.
signup-streak-off = no streak bonus.
signup-tables = { $count } players a table
signup-points-places = { $places } by place
signup-points-bye = ; a bye scores { $points }
signup-tie-break = opponents' points, then wins, then rating
signup-late-none = no late joining
signup-late-until = until round { $round } (latecomers play from the next round)
signup-late-arena = until the end
signup-entrants = Entrants ({ $count })
signup-entrants-checked = Entrants ({ $count }, { $checked } checked in)
signup-entrants-none = No one yet.
signup-entrants-more = and { $count } more
signup-footer = Time away does not apply inside a tournament: a player who does not act in her first turn is replaced by a computer at that table. Tournament #{ $id }
signup-button-join = Join
signup-button-leave = Leave
signup-page = Tournament page
signup-button-check-in = Check in
signup-minutes = { $count ->
    [one] { $count } minute
   *[other] { $count } minutes
  }
signup-seconds = { $count ->
    [one] { $count } second
   *[other] { $count } seconds
  }

## A click on the sign-up that changed nothing (private)

signup-refused-over = This tournament is over; its sign-up no longer changes.
signup-refused-late = Late joining is over for this tournament.
signup-refused-already-in = You are an entrant already.
signup-refused-full = This tournament is full.
signup-refused-not-in = You are not an entrant of this tournament.
signup-refused-check-in-closed = Check-in is not open: it opens 10 minutes before the start and closes at the start.
signup-refused-checked-in = You are checked in already.
signup-not-here = This button is not the sign-up of a tournament of this channel; nothing changed.

## /thaayam tournament new

permission-create-public-threads = Create Public Threads
tournament-not-in-server = Tournaments are run in a server's text channel, where the bot was added.
tournament-in-thread = A tournament's tables are threads of its channel: set it up in a text channel, not in a thread.
tournament-not-manager = Setting up a tournament needs Manage Server.
tournament-missing-permissions = I cannot run a tournament in this channel: I lack the { $count ->
    [one] permission { $list } here. A server admin can grant it
   *[other] permissions { $list } here. A server admin can grant them
  } to me (in this channel's or my role's settings); then try again.
tournament-bad-name = A tournament's name has 1 to { $most } characters.
tournament-bad-table = A table seats { $least } to { $most } players.
tournament-bad-rounds = A Swiss has { $least } to { $most } rounds.
tournament-rounds-in-arena = An arena has no rounds: give its length in minutes (`{ -opt-tournament-new-length }`).
tournament-bad-round-length = A Swiss round lasts { $least } to { $most } minutes.
tournament-bad-arena-length = An arena lasts { $least } to { $most } minutes.
tournament-bad-turn-time = `{ $typed }` is not a turn time: write a number and a unit, like `90s` or `2m`.
tournament-turn-time-range = A turn lasts { $least } to { $most }.
tournament-bad-start = `{ $typed }` is not a start: write minutes from now (`30`), a duration (`2h`), a time (`20:30`, in the server's time zone), a date and time (`2026-12-24 20:30`) or a Discord timestamp.
tournament-start-range = A tournament starts between 1 minute and 30 days from now.
tournament-bad-late-join = Latecomers may join for 0 to { $most } rounds after the first (the rounds there are after it).
tournament-late-join-in-arena = Latecomers join an arena until it ends: it has no `{ -opt-tournament-new-late_join }`.
tournament-streak-in-swiss = The streak bonus is the arena's: a Swiss has none.
tournament-created = Tournament #{ $id }, **{ $name }**, is open for sign-up: { $link }. It starts { $start }.
tournament-not-posted = I could not post the sign-up in this channel (Discord refused the message), so no tournament was set up. Please check that I may view this channel, send messages and embed links here, then try again.
tournament-store-failed = The tournament could not be saved just now (database trouble); please try again.

## /thaayam tournament show, cancel, withdraw

tournament-show-title = Tournaments
tournament-none = No tournament on this server yet; `{ -cmd-tournament-new }` sets one up (Manage Server).
tournament-show-line = **#{ $id } { $name }**: { $phase } · { $entrants } · starts { $start } · { $link }
tournament-n-entrants = { $count ->
    [one] { $count } entrant
   *[other] { $count } entrants
  }
tournament-phase-signup = sign-up open
tournament-phase-check-in = check-in open
tournament-phase-starting = starting
tournament-phase-round = round { $round }
tournament-phase-arena = arena under way
tournament-phase-finished = finished
tournament-phase-cancelled = cancelled
tournament-no-such = There is no tournament #{ $id } on this server.
tournament-none-open = No tournament is open in this channel. `{ -cmd-tournament-show }` lists this server's; name one with `{ -opt-tournament-cancel-tournament }:<number>`.
tournament-cancel-over = Tournament #{ $id } is over already; nothing changed.
tournament-cancelled = Tournament #{ $id }, **{ $name }**, is cancelled.
tournament-not-organiser = Only the organiser of tournament #{ $id } or a member with Manage Server can cancel it.
tournament-withdrawn = You have withdrawn from tournament #{ $id }: you will not be paired again, and your results so far stay.
tournament-left = You have left tournament #{ $id }.
