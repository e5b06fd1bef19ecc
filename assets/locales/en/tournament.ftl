# The words of tournaments as they run (threads, tables, standings, the podium). Every language has the same keys.

tournament-thread = round { $round } · table { $table }
tournament-table-opening = **{ $name }**, round { $round } of { $rounds }, table { $table }: { $players }. Points by place: { $points }. Play your first turn within the turn time or a computer takes your seat at this table, which you then score last; time away does not apply in a tournament.
tournament-round-started = **{ $name }**: round { $round } of { $rounds } begins, { $tables ->
    [one] one table
   *[other] { $tables } tables
}, each in its own thread.
tournament-bye = { $who } has the bye ({ $points } points).
tournament-decided = The round's deadline came before this game ended: the table is decided by expected points (each player's estimated chance of each place, by the expert computer).
tournament-decided-line = { $who }: { $points } expected points
tournament-standings-title = { $name }: standings
tournament-standing = { $place }. { $who }: **{ $points }** points · { $games ->
    [one] { $games } game
   *[other] { $games } games
} · { $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
} · tie-break { $tiebreak }
tournament-standing-byes = { " " }· { $byes ->
    [one] one bye
   *[other] { $byes } byes
}
tournament-standing-withdrawn = { " " }· withdrawn
tournament-standings-after = After round { $round } of { $rounds }.
tournament-standings-final = Final, after { $rounds } rounds.
tournament-standings-rule = { " " }Ties: opponents' points, then wins, then rating.
tournament-standings-estimated = { " " }≈: includes expected points of a table decided at the round's deadline.
tournament-podium = 🏆 **{ $name }** is over. The podium:
tournament-podium-place = { $medal } { $who }: { $points } points
tournament-arena-thread = game { $table }
tournament-arena-bonus = { " " }Streak bonus: after two wins in a row, each further win scores double.
tournament-arena-table-opening = **{ $name }** (arena), game { $table }: { $players }. Points by place: { $points }.{ $bonus } The arena ends { $ends }; when this game ends you are seated again as soon as others wait. Play your first turn within the turn time or a computer takes your seat at this table, which you then score last; time away does not apply in a tournament.
tournament-arena-open = **{ $name }**: the arena is open until { $ends }, at tables of { $size } (points by place: { $points }).{ $bonus } Whoever finishes a game is seated again as soon as others wait, each table in its own thread; a game still playing at the end is decided by expected points.
tournament-arena-decided = The arena ended before this game did: the table is decided by expected points (each player's estimated chance of each place, by the expert computer).
tournament-standings-arena = The arena ends { $ends }.
tournament-standings-arena-final = Final: the arena is over.
