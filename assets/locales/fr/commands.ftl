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
leaderboard-empty = Personne sur ce serveur n'a encore terminé { $count } parties classées de { $variant }. Lancez-en une avec `{ -cmd-new }`.
leaderboard-line = **{ $rank }.** { $who } **{ $rating }** · { $games } · { $wins } · place moyenne { $place }
leaderboard-newcomers = Pas encore classés (moins de { $count } parties) : { $names }
leaderboard-footer = { $meaning } Les joueurs apparaissent après { $count } parties.
leaderboard-title = Classement : { $variant }
season-title-week = Classement : { $variant }, semaine { $season }
season-title-month = Classement : { $variant }, { $season }
season-title-kept = Classement : { $variant }, { $season } (final)
season-running = Cette saison a commencé le <t:{ $starts }:f> et repart à zéro le <t:{ $ends }:f> (<t:{ $ends }:R>), à minuit dans le fuseau horaire du serveur ({ $zone }).
season-kept = Le classement final de { $season }, du <t:{ $starts }:f> au <t:{ $ends }:f> (fuseau horaire { $zone }).
season-points = { $count ->
    [one] { $count } point
   *[other] { $count } points
  }
season-line = **{ $rank }.** { $who } **{ $points }** · { $games } · { $wins }
season-empty = Personne n'a encore terminé { $count } parties classées de { $variant } cette saison.
season-footer = Classé à partir de { $count } parties ; à égalité, le plus de victoires, puis le moins de parties. Depuis toujours, par cote : { -opt-leaderboard-period }:all.
season-bad = `{ $typed }` n'est pas un mois : écrivez-le comme 2026-11.
season-not-over = { $typed } n'est pas encore fini : le classement du mois est { -cmd-leaderboard } sans { -opt-leaderboard-season }.
season-before-first = { $typed } s'est terminé avant la première partie classée de ce serveur : il n'y a pas de classement à montrer.
season-rule-people = Un point par personne devancée à l'arrivée. Les parties sans autre personne, les adversaires partis avant d'avoir joué et plus de { $count } parties des deux mêmes joueurs en 7 jours ne rapportent rien.
season-rule-every-seat = Gardé selon l'ancien décompte : un point par place devancée, ordinateurs compris.
podium-title = Podium de { $season }
podium-intro = La saison { $season } est terminée. Bravo à son podium !
podium-place = { $medal } { $who } ({ $points })
podium-footer = Le classement complet : { -cmd-leaderboard } { -opt-leaderboard-season }:{ $season }
stats-none = { $who } n'a encore terminé aucune partie sur ce serveur.
stats-all = Fiche de { $who } sur ce serveur : { $games } et { $wins } en tout.
stats-title = Fiche Thaayam
stats-variant = Cote **{ $rating }** (μ { $mu }, σ { $sigma })
    { $games } · { $wins } ({ $percent } %)
    Place moyenne { $place }
    Série de victoires { $streak } (record { $best })
stats-listed-after = Au classement après { $count } parties
stats-rivals = Adversaires fréquents
stats-rival = { $who } : { $games } · devant dans { $ahead } · derrière dans { $behind } · { $wins }
versus-title = Face-à-face
versus-none = { $who } et { $other } n'ont encore terminé aucune partie classée ensemble sur ce serveur.
versus-summary = { $who } contre { $other } : { $games } ensemble sur ce serveur. { $who } a fini devant dans { $ahead }, { $other } dans { $behind }.
versus-last = { $count ->
    [one] Leur dernière partie dans ce salon :
   *[other] Leurs { $count } dernières parties dans ce salon :
  }
versus-meeting = `#{ $game }` { $date } { $variant } : { $who } à la place { $place }, { $other } à la place { $their_place }
versus-footer = Parties classées de ce serveur seulement (les parties listées : celles de ce salon) ; le nombre est la place de chacun à l'arrivée (1 : victoire).
history-practice = entraînement
history-no-winner = pas de gagnant
history-won-by = gagnée par { $names }
history-none = Aucune partie n'a encore été jouée jusqu'au bout dans ce salon. Lancez-en une avec `{ -cmd-new }`.
history-footer = Revoyez une partie avec { -cmd-replay }, par exemple { -opt-replay-game }:{ $game }
history-title = Parties terminées dans ce salon

## /thaayam settings

settings-bad-language = Il n'y a pas de langue `{ $typed }` ici. Le bot parle { $known } ; `auto` suit la langue du serveur dans Discord.
settings-not-manager = Seuls les membres ayant la permission **Gérer le serveur** peuvent changer ces réglages. Tapez `{ -cmd-settings }` sans option pour les voir.
settings-bad-timeout = Le délai par tour n'a pas été compris : { $error }.
settings-long-timeout = Le délai par tour `{ $typed }` est trop long.
settings-end-host = l'hôte de la partie, ou un modérateur (Gérer les messages)
settings-end-moderators = seulement les modérateurs (Gérer les messages)
settings-saved = Enregistré. Les nouvelles parties de ce serveur commencent avec ces réglages.
settings-shown = Les nouvelles parties de ce serveur commencent avec ces réglages (`{ -cmd-new }` peut en choisir d'autres).
settings-footer-manager = Changez-les avec { -cmd-settings } { -opt-settings-variant }:… { -opt-settings-turn_timeout }:12h { -opt-settings-end_permission }:… { -opt-settings-language }:…
settings-footer = Les membres qui peuvent gérer le serveur les changent avec { -cmd-settings }.
settings-language-auto = { $name } (la langue du serveur dans Discord)
settings-title = Réglages Thaayam de ce serveur
settings-rules = Règles par défaut
settings-timeout = Délai par tour
settings-end = Qui peut arrêter une partie
settings-language = Langue
settings-pages = Pages des parties
settings-pages-on = activées : plateaux et résultats renvoient à une page par partie
settings-pages-off = désactivées : les parties de ce serveur n'ont pas de page
settings-time-zone = Fuseau horaire des saisons
settings-podium = Podium du mois
settings-podium-on = publié dans { $channel } à la fin de chaque mois
settings-podium-off = désactivé
settings-bad-time-zone = `{ $typed }` n'est pas un fuseau horaire. Écrivez son nom IANA, comme Europe/Paris, Asia/Kolkata ou UTC.
settings-away = Absences
settings-away-days = jusqu'à { $days } jours sur 30 (`{ -cmd-away }`)
settings-away-none = non autorisées
settings-not-in-server = Thaayam n'est pas sur ce serveur, il n'y a donc pas de réglages ici : un administrateur peut d'abord l'ajouter.
settings-organisers = Organisateurs de tournois
settings-organisers-none = les membres qui peuvent gérer le serveur
settings-organisers-role = les membres qui peuvent gérer le serveur ou qui ont le rôle { $role }
settings-role-and-clear = Nommez le rôle des organisateurs de tournois ou effacez-le, pas les deux à la fois.
# Les refus de créer et d'annuler un tournoi, sur un serveur qui a nommé le rôle de ses organisateurs.
tournament-not-manager-nor-role = Organiser un tournoi demande la permission Gérer le serveur ou le rôle { $role }.
tournament-not-organiser-nor-role = Seuls l'organisateur du tournoi n° { $id }, un membre qui peut gérer le serveur ou un membre qui a le rôle { $role } peuvent l'annuler.

## /thaayam help

help-turn = **Comment se joue un tour**
    1. Quand vient votre tour, le bot lance les cauris pour vous : il relance après un 1, un 4 ou un 8 et s'arrête sur un 2 ou un 3. Ce qui n'a qu'une issue possible se joue tout seul, et le plateau dit ce qui s'est passé.
    2. Quand vous avez le choix, le plateau vous mentionne et propose un menu, **Votre coup**. Chaque option est un coup entier, décrit pion par pion par sa case de départ et sa case d'arrivée, avec ⚔ pour chaque pion éliminé en chemin, par exemple `e4 → d5 ⚔ · entrée → c1` (un pion qui entre en c1), et les jets qu'il utilise ; les prises, les pions arrivés et les entrées viennent en premier. En choisir un le montre sur l'image (ses cases marquées, une flèche) ; vous pouvez en choisir un autre.
    3. Appuyez sur **Valider** pour le jouer, ou sur **Annuler le choix** pour revenir en arrière.
    4. Si une série offre plus de coups que le menu n'en contient (25), le menu le dit et vous avancez d'abord un pion ; il propose ensuite la suite du coup.
    Sur l'image, une flèche suit chaque coup de la dernière série le long du parcours (numérotée dans l'ordre joué), une étoile sombre marquée d'une croix signale une case où des pions ont été éliminés, et un nombre sur un pion compte les pions de cette case.
    Éliminer un pion adverse donne une nouvelle série. Les cases se nomment comme aux échecs, vues du côté Sud : colonnes a–e de gauche à droite, rangées 1–5 de bas en haut ; la case centrale est c3, les châteaux sont c1, a3, c5 et e3. Sur la croix du Tayam Sonalu, une case se nomme par son bras (S en bas, W à gauche, N en haut, E à droite), sa file (a–c, de gauche à droite ou de haut en bas, comme indiqué au bout du bras) et sa distance au centre (1–8) : Sud entre en Sb1 et s'éloigne jusqu'en Sb8. `{ -cmd-rules }` donne les règles, `{ -cmd-resign }` abandonne (à deux joueurs, l'autre gagne aussitôt).

## /thaayam rules
# Vocabulaire de la source française (« Le thayyam ») : cauris, château,
# case centrale, pions jumelés, éliminer, sortir du jeu.

rules-common = Le **thaayam** est un jeu de course du sud de l'Inde, pour 2 à 4 joueurs, sur un plateau de cinq cases sur cinq. Chaque joueur possède quatre pions qui entrent sur son *château* (la case du milieu de son côté), font le tour du plateau et tournent vers la *case centrale*, d'où ils sortent du jeu. Les dés sont remplacés par quatre cauris : on compte 1 point par fente visible, et 8 points si aucune n'apparaît. Un jet de 1, 4 ou 8 fait relancer ; une série s'arrête sur un 2 ou un 3. Un pion n'entre que par un jet de 1. Arriver sur un pion ennemi hors des cases marquées le met hors de combat (il ressort du plateau) et donne une nouvelle série. Les cases marquées sont sûres. Deux de vos pions peuvent avancer ensemble, *jumelés*. Le premier qui a sorti ses quatre pions gagne.
rules-bell = **bell** (R. C. Bell) : un pion avance de la somme de plusieurs jets, une fois par série ; il faut utiliser autant de jets que possible.
rules-bell1979 = **bell1979** : chaque jet fait avancer un pion à lui seul, et un pion peut repartir avec un autre jet ; éliminer un pion donne aussitôt une nouvelle série.
rules-francais = **francais** (la règle de la source française) : on peut toujours refuser d'utiliser ses points (s'arrêter), et des pions jumelés éliminés restent jumelés hors du plateau.
rules-tayam-sonalu = **tayam-sonalu** (Sri Lanka) : un plateau en croix et deux longs dés (0, 1, 2, 4) ; le premier pion n'entre que sur Tayam (0+1), les suivants sur 1, 5 ou Sonal (0+4) ; chaque jet fait avancer un pion à lui seul ; aucune case n'est sûre ; il faut ramener ses quatre pions au centre pour gagner.
rules-start = Lancez une partie avec `{ -cmd-new }`. Les cauris sont lancés pour vous ; à votre tour, choisissez votre coup dans le menu **Votre coup** et appuyez sur **Valider** (`{ -cmd-help }` montre comment).
rules-routes = Les images montrent le trajet de chaque joueur sur le plateau de 5 × 5, de son château à la case centrale.
rules-cross-routes = Les images en croix montrent le trajet de chaque joueur : du centre vers l'extérieur, autour, puis retour au centre.

## /thaayam new, board, resign, end, kick

new-bad-timeout = Le délai n'a pas été compris : { $error }.
new-setting-up = Une partie est en train d'être ouverte dans ce salon ; sa salle d'attente va apparaître ici dans un instant.
new-store-failed = La partie n'a pas pu être ouverte (souci de base de données) ; réessayez.
new-not-posted = Je n'ai pas pu publier la salle d'attente ici (Discord a refusé le message), aucune partie n'a donc été ouverte. Vérifiez que je peux voir ce salon, y envoyer des messages (dans un fil : envoyer des messages dans les fils), intégrer des liens et joindre des fichiers, puis réessayez.
new-newer-game = Ce salon a une partie en cours (partie { $game }) enregistrée par une version du bot plus récente que celle qui tourne maintenant : cette version ne peut pas la poursuivre et n'y touche pas. Aucune nouvelle partie ne peut être ouverte ici tant qu'elle n'est pas terminée. Demandez à la personne qui gère le bot de relancer la version plus récente.
rematch-not-player = Seuls les joueurs de la partie { $game } peuvent demander sa revanche ; `{ -cmd-new }` ouvre votre propre partie.
new-opened = Salon ouvert pour la partie { $game } : { $link }
new-missing-permissions = Je ne peux pas ouvrir de partie dans ce salon : il me manque { $count ->
    [one] la permission { $list } ici. Un administrateur du serveur peut me l'accorder
   *[other] les permissions { $list } ici. Un administrateur du serveur peut me les accorder
  } (dans les réglages de ce salon ou de mon rôle) ; réessayez ensuite.
new-running = Une partie est déjà en cours dans ce salon ; { -cmd-board } la montre à nouveau.
new-running-here = Une partie est déjà en cours dans ce salon : { $link }
no-game-start-one = Aucune partie n'est en cours dans ce salon. Lancez-en une avec { -cmd-new }.
board-again = Voici à nouveau le plateau.
board-not-posted = Je n'ai pas pu publier le plateau dans ce salon (Discord a refusé le message) ; la partie continue là où elle était. Vérifiez que je peux voir ce salon, y envoyer des messages (dans un fil : envoyer des messages dans les fils), intégrer des liens et joindre des fichiers, puis réessayez.
board-missing-permissions = Je ne peux pas publier le plateau dans ce salon : il me manque { $count ->
    [one] la permission { $list } ici. Un administrateur du serveur peut me l'accorder
   *[other] les permissions { $list } ici. Un administrateur du serveur peut me les accorder
  } (dans les réglages de ce salon ou de mon rôle) ; réessayez ensuite.
no-game = Aucune partie n'est en cours dans ce salon.
done = C'est fait.
reminder = { $who }, c'est votre tour dans la partie de Thaayam de ce salon : fin du tour <t:{ $time }:R>.
reminder-with-board = { $who }, c'est votre tour dans la partie de Thaayam de ce salon (le plateau : { $board }) : fin du tour <t:{ $time }:R>.

## /thaayam replay

replay-not-a-number = `{ $typed }` n'est pas un numéro de partie. `{ -cmd-history }` liste les parties de ce salon avec leurs numéros.
replay-no-game = Il n'y a pas de partie { $game } sur ce serveur. `{ -cmd-history }` liste les parties terminées.
replay-going-on = La partie { $game } est toujours en cours ; on pourra la revoir ici une fois terminée.
replay-nothing = La partie { $game } a été arrêtée avant le premier jet ; il n'y a rien à revoir.
replay-ended-early = , arrêtée <t:{ $time }:d>
replay-finished = , terminée <t:{ $time }:d>
replay-caption = La partie { $game } en images ({ $ruleset }, { $players } joueurs{ $when }) : { $names }
replay-failed = Désolé, la partie { $game } n'a pas pu être dessinée.
# The caption of a replay's frame: who played, and the move in the board's words.
replay-frame = { $who } : { $what }

## Échecs

store-failed = Désolé, je n'ai pas pu lire les parties pour l'instant ; réessayez dans un instant.
error-logged = Désolé, quelque chose s'est mal passé ; c'est noté dans le journal.
error-argument = Cette option n'a pas été comprise : { $error }
error-options = Les options de cette commande ne correspondent pas à ce que ce bot attend ; réessayez.

# Les permissions, sous les noms que leur donnent les paramètres de Discord en français.
permission-view-channel = Voir le salon
permission-send-messages = Envoyer des messages
permission-send-messages-in-threads = Envoyer des messages dans les fils
permission-embed-links = Intégrer des liens
permission-attach-files = Joindre des fichiers

## /thaayam hint (parties d'entraînement)

hint-pick = **Conseil** (vous seul le voyez) : choisissez **{ $option }** dans le menu.
hint-build = **Conseil** (vous seul le voyez) : le meilleur coup n'est pas parmi les options du menu : choisissez **Un autre coup : le construire pas à pas** et jouez { $what }.
hint-chances = Votre chance estimée de gagner : { $before } % maintenant, { $after } % après ce coup.
hint-others = Les autres coups du menu vous laissent de { $low } % à { $high } %.
hint-other = Les autres coups du menu vous laissent { $chance } %.
hint-no-game = Aucune partie n'est en cours dans ce salon. Lancez une partie d'entraînement avec `{ -cmd-new } { -opt-new-practice }:true`.
hint-not-practice = Les conseils ne sont donnés que dans les parties d'entraînement : lancez-en une avec `{ -cmd-new } { -opt-new-practice }:true`.
hint-not-seated = Vous ne jouez pas dans cette partie : les conseils sont pour ses joueurs.
hint-not-your-turn = Ce n'est pas votre tour : un conseil est pour le joueur dont c'est le tour.
hint-no-choice = Vous n'avez pas de coup à choisir pour l'instant : demandez un conseil quand le menu propose vos coups.
hint-no-network = Pas de conseil pour { $ruleset } à { $players } joueurs : l'ordinateur n'a pas d'évaluation entraînée pour cette table.

## /thaayam analyse

analyse-unfinished = La partie { $game } n'a pas été jouée jusqu'au bout ; seules les parties terminées peuvent être analysées.
analyse-no-network = Il n'y a pas encore d'évaluation entraînée pour { $ruleset } à { $players } joueurs ; la partie { $game } ne peut pas être analysée.
analyse-failed = Désolé, la partie { $game } n'a pas pu être analysée.
analyse-caption = **Partie { $game }** ({ $ruleset }) : les chances de gagner de chaque joueur après chaque série (x : numéro de série), selon l'estimation de l'ordinateur.
analyse-seat = { $letter } { $seat } : { $name }
analyse-calm = Aucun jet ni aucun coup n'a fait basculer cette partie de plus de { $points } points.
analyse-luck = **{ $n }.** Série { $series }, chance : { $who } a obtenu { $throws } ; chances { $before } % → { $after } %.
analyse-choice = **{ $n }.** Série { $series }, choix : { $who } a joué { $played } ({ $played_throws }), qui valait { $after } % ; { $best } ({ $best_throws }) valait { $best_chance } % : { $points } points perdus.

## /thaayam verify

verify-title = Dés équitables de la partie { $game }
verify-seed = Graine : `{ $seed }`
verify-commitment = Son SHA-256, affiché depuis l'ouverture de la partie : `{ $commitment }`
verify-seed-ok = Le SHA-256 de la graine est l'engagement : les jets étaient fixés avant le début de la partie.
verify-seed-bad = Le SHA-256 de la graine n'est PAS l'engagement.
verify-throws-ok = Les { $count } jets de la partie sont bien ceux que donne la graine.
verify-throws-bad = Le jet { $index } sur { $count } était { $logged } dans la partie, mais la graine donne { $derived }.
verify-turns = Jets par tour
verify-more = … et { $count } tours de plus dans le fichier joint.
verify-steps = Pour vérifier à la main : le fichier joint donne les étapes, et docs/FAIR-DICE.md un programme de 30 lignes (dérivation { $derivation }).
verify-going-on = La partie { $game } est en cours : sa graine est révélée à la fin, et elle pourra alors être vérifiée.

only-in-servers = Cette commande ne marche que dans les salons d'un serveur : utilisez-la dans un serveur où Thaayam a été ajouté. Les parties en MP et en groupe ne sont pas classées, elles n'ont donc pas de classement.
new-not-in-server = Thaayam n'est pas dans ce serveur : il ne peut pas y mener de partie. Demandez à un admin de l'ajouter, ou lancez une partie dans un groupe privé ou en MP avec le bot.

## /thaayam games
games-here = { $count ->
    [one] 1 partie en cours dans ce salon :
   *[other] { $count } parties en cours dans ce salon :
}
games-yours = { $count ->
    [one] Vous jouez dans 1 partie :
   *[other] Vous jouez dans { $count } parties :
}
games-none-here = Aucune partie en cours dans ce salon (le bot ne peut pas savoir quels autres salons vous voyez). Lancez-en une avec `{ -cmd-new }`.
games-none-yours = Vous ne jouez dans aucune partie en cours. Lancez-en une avec `{ -cmd-new }`.
games-more = { $count ->
    [one] …et 1 autre.
   *[other] …et { $count } autres.
}
games-game = **{ $ruleset }** (partie { $game })
games-lobby = salle d'attente, { $seated } sur { $seats } { $seated ->
    [one] place prise
   *[other] places prises
  }
games-turn = à { $who } de jouer

## /thaayam notify
notify-on = Je vous enverrai un message privé quand ce sera votre tour et que vous n'aurez pas joué depuis { $minutes } minutes (une fois par tour ; jamais pour les conseils d'entraînement). `{ -cmd-notify }` off l'arrête.
notify-off = Plus de messages privés pour vos tours.
notify-failed = Votre choix n'a pas pu être enregistré ; rien n'a changé. Réessayez.
notify-dm = C'est votre tour dans la partie { $game } ({ $ruleset }) : { $board }

## /thaayam tutor
tutor-on = Tuteur activé : dans les parties d'entraînement et contre l'ordinateur (jamais dans une partie classée entre personnes), quand un coup que vous choisissez cède { $points } points ou plus de votre chance de gagner, l'aperçu le dit avant que vous validiez, avec le coup de l'expert à un clic. `{ -cmd-tutor }` off l'arrête.
tutor-off = Tuteur désactivé : vos coups ne sont plus jugés avant que vous les validiez.
tutor-is-on = Le tuteur est activé pour vous : dans les parties d'entraînement et contre l'ordinateur, un coup qui cède { $points } points ou plus est signalé avant que vous le validiez. `{ -cmd-tutor }` off l'arrête.
tutor-is-off = Le tuteur est désactivé pour vous. `{ -cmd-tutor }` on signale, dans les parties d'entraînement et contre l'ordinateur, un coup qui cède { $points } points ou plus avant que vous le validiez.
tutor-failed = Votre choix n'a pas pu être enregistré ; rien n'a changé. Réessayez.

## /thaayam away
away-set = Vous êtes absent jusqu'au <t:{ $until }:f>. Vos tours dans les parties en cours vous attendent (pas dans les parties d'entraînement ; un serveur accorde au plus sa propre limite, ici { $days } jours sur 30), et les autres joueurs peuvent voter pour que l'ordinateur joue à votre place. De retour plus tôt ? `{ -cmd-away } { -opt-away-length }:off`.
away-back = Bon retour : vos tours comptent de nouveau, chacun avec un temps de tour complet à partir de maintenant.
away-was-not = Vous n'étiez pas absent ; rien n'a changé.
away-bad-length = `{ $typed }` n'est pas une durée : écrivez un nombre entier et une unité, comme `12h`, `3d` ou `1w` (ou `off` à votre retour).
away-bad-range = Une absence dure de 1 heure à 30 jours ; `{ $typed }` n'y est pas.
away-not-allowed = Ce serveur n'autorise pas les absences (ses administrateurs peuvent le changer avec `{ -cmd-settings } { -opt-settings-away_days }:`).
away-over-limit = C'est trop long : ce serveur accorde { $days } jours d'absence sur 30, et vous en avez déjà pris { $used }. Demandez moins.
away-failed = Votre absence n'a pas pu être enregistrée ; rien n'a changé. Réessayez.

# Commandes lourdes (conseil, règles, revoir, analyse) refusées un moment.
busy-cooldown = Vous venez de le demander : réessayez dans { $secs } s.
busy-queue = Le bot est occupé par d'autres demandes : réessayez dans { $secs } s.
# Un utilisateur qui a ouvert trop de parties.
new-capped-open = Vous avez déjà { $max } parties ouvertes (salons compris) : terminez-en ou annulez-en une avant d'en ouvrir une autre.
new-capped-hourly = Vous avez ouvert { $max } parties dans la dernière heure : réessayez dans { $minutes } min.

# A slash-command option outside its declaration (a forged interaction).
option-choices = L'option `{ $name }` doit être l'un de ses choix : { $choices }.
option-number = L'option `{ $name }` doit être { $whole ->
    [yes] un nombre entier
   *[no] un nombre
  } { $range } (pas { $given }).
option-length = L'option `{ $name }` doit compter { $range } caractères.
range-between = de { $min } à { $max }
range-min = au moins { $min }
range-max = au plus { $max }
analyse-table = Chaque joueur : chance et choix
analyse-player = { $who } : dés { $luck }, choix { $choices } sur { $decisions } décisions (perte moyenne { $mean } points), précision { $accuracy } % · { $inaccuracies } imprécisions, { $mistakes } erreurs, { $blunders } gaffes
analyse-costliest = **Les décisions les plus coûteuses**
analyse-costly = **{ $n }.** Série { $series } : { $who } a joué { $played } ({ $played_throws }) ; l'expert préfère { $best } ({ $best_throws }) : { $points } points perdus, { $label }.
label-inaccuracy = une imprécision
label-mistake = une erreur
label-blunder = une gaffe
label-none = un petit écart
review-caption = Partie { $game }, analysée (dés : la chance, en points de chances de gagner ; choix : les points perdus) :
review-line = { $who } : dés { $luck }, choix { $choices }, précision { $accuracy } %
review-line-no-choice = { $who } : dés { $luck }, aucun choix à faire
