# The words of tournaments as they run (threads, tables, standings, the podium). Every language has the same keys.

tournament-thread = ronde { $round } · table { $table }
tournament-table-opening = **{ $name }**, ronde { $round } sur { $rounds }, table { $table } : { $players }. Points par place : { $points }. Jouez votre premier tour dans le temps imparti, sinon un ordinateur prend votre place à cette table, où vous finissez alors dernier ; les absences ne comptent pas en tournoi.
tournament-round-started = **{ $name }** : la ronde { $round } sur { $rounds } commence, { $tables ->
    [one] une table
   *[other] { $tables } tables
}, chacune dans son fil.
tournament-bye = { $who } est exempt ({ $points } points).
tournament-decided = L'échéance de la ronde est arrivée avant la fin de cette partie : la table est départagée aux points espérés (la chance estimée de chaque place pour chaque joueur, selon l'ordinateur expert).
tournament-decided-line = { $who } : { $points } points espérés
tournament-standings-title = { $name } : classement
tournament-standing = { $place }. { $who } : **{ $points }** points · { $games ->
    [one] { $games } partie
   *[other] { $games } parties
} · { $wins ->
    [one] { $wins } victoire
   *[other] { $wins } victoires
} · départage { $tiebreak }
tournament-standing-byes = { " " }· { $byes ->
    [one] une exemption
   *[other] { $byes } exemptions
}
tournament-standing-withdrawn = { " " }· retiré
tournament-standings-after = Après la ronde { $round } sur { $rounds }.
tournament-standings-final = Final, après { $rounds } rondes.
tournament-standings-rule = { " " }Égalités : points des adversaires, puis victoires, puis note.
tournament-standings-estimated = { " " }≈ : comprend les points espérés d'une table départagée à l'échéance de la ronde.
tournament-podium = 🏆 **{ $name }** est terminé. Le podium :
tournament-podium-place = { $medal } { $who } : { $points } points
