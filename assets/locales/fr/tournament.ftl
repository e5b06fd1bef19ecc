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
tournament-arena-thread = partie { $table }
tournament-arena-bonus = { " " }Bonus de série : après deux victoires d'affilée, chaque nouvelle victoire compte double.
tournament-arena-table-opening = **{ $name }** (arène), partie { $table } : { $players }. Points par place : { $points }.{ $bonus } L'arène finit { $ends } ; à la fin de cette partie, vous êtes placé à nouveau dès que d'autres attendent. Jouez votre premier tour dans le temps imparti, sinon un ordinateur prend votre place à cette table, où vous finissez alors dernier ; les absences ne comptent pas en tournoi.
tournament-arena-open = **{ $name }** : l'arène est ouverte jusqu'à { $ends }, à des tables de { $size } (points par place : { $points }).{ $bonus } Qui finit une partie est placé à nouveau dès que d'autres attendent, chaque table dans son propre fil ; une partie encore en cours à la fin est départagée aux points espérés.
tournament-arena-decided = L'arène a fini avant cette partie : la table est départagée aux points espérés (la chance estimée de chaque place pour chaque joueur, selon l'ordinateur expert).
tournament-standings-arena = L'arène finit { $ends }.
tournament-standings-arena-final = Final : l'arène est terminée.
