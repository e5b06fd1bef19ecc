## Ce que Discord montre de /thaayam en français : le nom de chaque
## sous-commande et option (`slash-<commande>`, `slash-<commande>-<option>` :
## minuscules, sans espace, 32 caractères au plus) et sa description
## (`…-about`, 100 caractères au plus).

slash-thaayam-about = Thaayam, un jeu de course d'Inde du Sud pour 2 à 4 joueurs, avec des cauris pour dés

slash-new = nouvelle
slash-new-about = Ouvrir une partie dans ce salon ; les joueurs la rejoignent avec les boutons
slash-new-variant = variante
slash-new-variant-about = Quelles règles (par défaut : celles du serveur, normalement bell)
slash-new-players = joueurs
slash-new-players-about = Nombre de joueurs, de 2 à 4 (2 par défaut) ; l'ordinateur peut compléter
slash-new-timeout = délai
slash-new-timeout-about = Temps par tour, comme 30m, 12h ou 2d (24h par défaut)
slash-new-practice = entraînement
slash-new-practice-about = Partie d'entraînement : { -cmd-hint } guide le joueur ; hors classement (non par défaut)

slash-board = plateau
slash-board-about = Afficher à nouveau le plateau de la partie de ce salon

slash-resign = abandonner
slash-resign-about = Quitter votre place dans la partie de ce salon (l'ordinateur joue à votre place)

slash-end = arrêter
slash-end-about = Arrêter la partie de ce salon, sans classement (hôte ou Gérer les messages)

slash-kick = exclure
slash-kick-about = Retirer un joueur de la partie ; l'ordinateur prend sa place (hôte ou modérateur)
slash-kick-user = joueur
slash-kick-user-about = Le joueur à retirer

slash-hint = conseil
slash-hint-about = Parties d'entraînement : le meilleur coup maintenant, et votre chance de gagner

slash-help = aide
slash-help-about = Comment se joue un tour : le menu des coups, Valider et Annuler

slash-rules = règles
slash-rules-about = Comment jouer au Thaayam (les règles en bref, pour chaque variante)
slash-rules-variant = variante
slash-rules-variant-about = Quelles règles expliquer (par défaut : toutes)

slash-leaderboard = classement
slash-leaderboard-about = Les meilleurs joueurs du serveur pour une variante : saison du mois, semaine ou depuis toujours
slash-leaderboard-variant = variante
slash-leaderboard-variant-about = Quelles règles (par défaut : celles du serveur)
slash-leaderboard-period = période
slash-leaderboard-period-about = La saison du mois (par défaut), la semaine, ou depuis toujours par cote
slash-leaderboard-season = saison
slash-leaderboard-season-about = Le classement final d'un mois passé, comme 2026-11

slash-stats = fiche
slash-stats-about = La fiche Thaayam d'un joueur sur ce serveur : cote, parties, victoires, séries
slash-stats-user = joueur
slash-stats-user-about = La fiche de qui (par défaut : la vôtre)
slash-stats-against = contre
slash-stats-against-about = Le face-à-face avec ce joueur : parties ensemble, qui a fini devant, les cinq dernières

slash-history = historique
slash-history-about = Les dernières parties terminées dans ce salon, avec leurs numéros pour les revoir

slash-replay = revoir
slash-replay-about = Revoir une partie terminée en image animée
slash-replay-game = partie
slash-replay-game-about = Le numéro de la partie, comme le montre { -cmd-history } (par ex. 12)

slash-analyse = analyser
slash-analyse-about = Les chances de chacun au fil d'une partie terminée, et ses plus grands tournants
slash-analyse-game = partie
slash-analyse-game-about = Le numéro de la partie, comme le montre { -cmd-history } (par ex. 12)

slash-verify = vérifier
slash-verify-about = Vérifier que les dés d'une partie terminée étaient équitables
slash-verify-game = partie
slash-verify-game-about = Le numéro de la partie, comme le montre { -cmd-history } (par ex. 12)

slash-settings = réglages
slash-settings-about = Les réglages des nouvelles parties du serveur (les changer demande Gérer le serveur)
slash-settings-variant = variante
slash-settings-variant-about = Règles par défaut des nouvelles parties
slash-settings-turn_timeout = délai_par_tour
slash-settings-turn_timeout-about = Temps par tour par défaut, comme 30m, 12h ou 2d (de 1 minute à 30 jours)
slash-settings-end_permission = qui_peut_arrêter
slash-settings-end_permission-about = Qui peut arrêter une partie avant la fin
slash-settings-language = langue
slash-settings-language-about = Langue des messages du bot ici : en, fr, ta, ou auto (la langue du serveur dans Discord)
slash-settings-pages = pages
slash-settings-pages-about = Pages web des parties de ce serveur (activées par défaut si le bot les sert)
slash-settings-time_zone = fuseau_horaire
slash-settings-time_zone-about = Quand semaines et mois commencent pour les saisons : un fuseau IANA comme Europe/Paris
slash-settings-podium = podium
slash-settings-podium-about = on : le podium du mois passé est publié dans ce salon à la fin du mois ; off : non
slash-settings-away_days = jours_d_absence
slash-settings-away_days-about = Jours d'absence permis sur 30 (ses tours attendent) : 0 à 30, 0 = interdit ; 14 par défaut
slash-settings-organiser_role = rôle_organisateurs
slash-settings-organiser_role-about = Un rôle dont les membres peuvent organiser et annuler les tournois, en plus de Gérer le serveur
slash-settings-clear_organiser_role = oublier_rôle_organisateurs
slash-settings-clear_organiser_role-about = Oui : oublier le rôle des organisateurs (les tournois demandent à nouveau Gérer le serveur)

slash-games = parties
slash-games-about = Les parties en cours de ce salon (ou, hors serveur, les vôtres), avec le lien de leur plateau

slash-notify = prévenir
slash-notify-about = Un message privé quand c'est votre tour et que vous n'avez pas joué depuis un moment
slash-notify-switch = interrupteur
slash-notify-switch-about = on ou off (off tant que vous ne l'activez pas)
slash-tutor = tuteur
slash-tutor-about = Entraînement et parties contre l'ordinateur : une alerte avant de valider un coup coûteux
slash-tutor-switch = interrupteur
slash-tutor-switch-about = on ou off (off tant que vous ne l'activez pas) ; sans lui : votre réglage actuel
slash-away = absence
slash-away-about = Vous absenter sans perdre vos parties : vos tours vous attendent (selon la limite du serveur)
slash-away-length = durée
slash-away-length-about = Combien de temps, comme 12h, 3d ou 1w ; ou off à votre retour

slash-tournament = tournoi
slash-tournament-about = Les tournois que le bot organise ici : inscription, suisse ou arène, un fil par table
slash-tournament-new = nouveau
slash-tournament-new-about = Organiser un tournoi dans ce salon et publier son inscription (Gérer le serveur)
slash-tournament-new-name = nom
slash-tournament-new-name-about = Le nom du tournoi (de 1 à 80 caractères)
slash-tournament-new-variant = variante
slash-tournament-new-variant-about = Les règles de ses parties (par défaut : celles du serveur)
slash-tournament-new-format = formule
slash-tournament-new-format-about = swiss : rondes appariées selon les points ; arena : rejouer dès que d'autres attendent
slash-tournament-new-table_size = taille_table
slash-tournament-new-table_size-about = Joueurs par table, de 2 à 4 (2 par défaut)
slash-tournament-new-rounds = rondes
slash-tournament-new-rounds-about = Rondes d'un système suisse, de 1 à 12 (3 par défaut)
slash-tournament-new-length = durée
slash-tournament-new-length-about = Minutes de chaque ronde suisse (5 à 720) ou de toute l'arène (10 à 720) ; 60 par défaut
slash-tournament-new-turn_time = temps_tour
slash-tournament-new-turn_time-about = Temps par tour, comme 90s ou 2m (de 30 secondes à 1 heure ; 2m par défaut)
slash-tournament-new-start = départ
slash-tournament-new-start-about = Minutes à partir de maintenant (30), une durée (2h), une heure (20:30) ou une date et heure
slash-tournament-new-late_join = inscription_tardive
slash-tournament-new-late_join-about = Suisse : rondes après la première où les retardataires peuvent encore s'inscrire (0)
slash-tournament-new-streak_bonus = bonus_série
slash-tournament-new-streak_bonus-about = Arène : après deux victoires de suite, chaque nouvelle victoire compte double (non)
slash-tournament-show = voir
slash-tournament-show-about = Les tournois de ce salon (ou les derniers du serveur) : état, inscrits, ronde
slash-tournament-cancel = annuler
slash-tournament-cancel-about = Annuler un tournoi (son organisateur, ou Gérer le serveur)
slash-tournament-cancel-tournament = tournoi
slash-tournament-cancel-tournament-about = Son numéro (par défaut : celui ouvert dans ce salon)
slash-tournament-withdraw = retirer
slash-tournament-withdraw-about = Quitter un tournoi ; après son départ, vous n'êtes plus apparié, vos résultats restent
slash-tournament-withdraw-tournament = tournoi
slash-tournament-withdraw-tournament-about = Son numéro (par défaut : celui ouvert dans ce salon)
