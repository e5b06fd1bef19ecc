# Les mots des commandes (classement, fiche, historique, réglages, aide,
# règles, réponses), en français.

## /thaayam leaderboard, stats, history

rating-meaning = Cote = estimation du niveau moins trois fois son incertitude (Weng-Lin/OpenSkill) : tout le monde commence à 0, et elle monte avec les victoires et les parties jouées.
n-games = { $count ->
    [one] { $count } partie
   *[other] { $count } parties
  }
n-wins = { $count ->
    [one] { $count } victoire
   *[other] { $count } victoires
  }
leaderboard-empty = Personne sur ce serveur n'a encore terminé { $count } parties classées de { $variant }. Lancez-en une avec `/thaayam new`.
leaderboard-line = **{ $rank }.** { $who } **{ $rating }** · { $games } · { $wins } · place moyenne { $place }
leaderboard-newcomers = Pas encore classés (moins de { $count } parties) : { $names }
leaderboard-footer = { $meaning } Les joueurs apparaissent après { $count } parties.
leaderboard-title = Classement : { $variant }
stats-none = { $who } n'a encore terminé aucune partie sur ce serveur.
stats-all = Fiche de { $who } sur ce serveur : { $games } et { $wins } en tout.
stats-title = Fiche Thaayam
stats-variant = Cote **{ $rating }** (μ { $mu }, σ { $sigma })
    { $games } · { $wins } ({ $percent } %)
    Place moyenne { $place }
    Série de victoires { $streak } (record { $best })
stats-listed-after = Au classement après { $count } parties
history-no-winner = pas de gagnant
history-won-by = gagnée par { $names }
history-none = Aucune partie n'a encore été jouée jusqu'au bout dans ce salon. Lancez-en une avec `/thaayam new`.
history-footer = Revoyez une partie avec /thaayam replay, par exemple game:{ $game }
history-title = Parties terminées dans ce salon

## /thaayam settings

settings-bad-language = Il n'y a pas de langue `{ $typed }` ici. Le bot parle { $known } ; `auto` suit la langue du serveur dans Discord.
settings-not-manager = Seuls les membres ayant la permission **Gérer le serveur** peuvent changer ces réglages. Tapez `/thaayam settings` sans option pour les voir.
settings-bad-timeout = Le délai par tour n'a pas été compris : { $error }.
settings-long-timeout = Le délai par tour `{ $typed }` est trop long.
settings-end-host = l'hôte de la partie, ou un modérateur (Gérer les messages)
settings-end-moderators = seulement les modérateurs (Gérer les messages)
settings-saved = Enregistré. Les nouvelles parties de ce serveur commencent avec ces réglages.
settings-shown = Les nouvelles parties de ce serveur commencent avec ces réglages (`/thaayam new` peut en choisir d'autres).
settings-footer-manager = Changez-les avec /thaayam settings variant:… turn_timeout:12h end_permission:… language:…
settings-footer = Les membres qui peuvent gérer le serveur les changent avec /thaayam settings.
settings-language-auto = { $name } (la langue du serveur dans Discord)
settings-title = Réglages Thaayam de ce serveur
settings-rules = Règles par défaut
settings-timeout = Délai par tour
settings-end = Qui peut arrêter une partie
settings-language = Langue
