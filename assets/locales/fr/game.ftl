# Les mots d'une partie (salle d'attente, plateau, notes, refus, légendes de l'image),
# en français. Vocabulaire de la source française du jeu (« Le thayyam »,
# /work/shared/seeds) : cauris (les coquillages qui servent de dés), jet,
# pion / pièce, château (la case du milieu de chaque côté), case centrale,
# pions jumelés, relancer, éliminer un pion (le mettre « hors de combat »),
# sortir ses pièces du plateau. Les cases se nomment comme aux échecs (a1–e5).

decimal-mark = ,

## Noms

# Une place par sa lettre (S, W, N, E).
seat = { $seat ->
    [S] Sud
    [W] Ouest
    [N] Nord
   *[E] Est
  }
# La lettre sur les pions et le palais d'une place dans les images, et à
# côté de son nom : O pour Ouest.
seat-letter = { $seat ->
    [S] S
    [W] O
    [N] N
   *[E] E
  }
# Le niveau d'un joueur ordinateur.
level = { $level ->
    [random] aléatoire
    [easy] facile
    [medium] moyen
    [hard] difficile
    [expert] expert
   *[other] { $level }
  }
computer = { $id ->
   *[other] ordinateur { $level }
  }
# Two computers of one level at a table: each with its seat.
computer-at = { $computer } ({ $seat })
level-random = joue n'importe quel coup permis
level-easy = prend le coup qui semble le meilleur sur le moment
level-medium = prévoit toute la série de jets
level-hard = anticipe les réponses des adversaires
level-expert = juge les coups avec un réseau entraîné sur des milliers de parties
and = et

## Les coups en mots (« e4 → d5 élimine Nord · entrer un pion »)

move-takes = élimine { $seats }
move-twins = jumelés { $place }
move-make-twins = jumeler deux pions en { $place }
move-enter-twins = faire rentrer les pions jumelés
move-enter-pair = faire rentrer la paire
move-pass = s'arrêter là
move-enter = { $count ->
    [one] entrer un pion en { $place }
   *[other] entrer { $count } pions en { $place }
  }
move-bear-off = { $count ->
    [one] sortir un pion
   *[other] sortir { $count } pions
  }
move-repeated = { $text } ({ $count }×)
move-same-trip = { $trip } ({ $count } { $twins ->
    [yes] paires
   *[no] pions
  })
# Les mêmes coups dans le récit (archives, lignes au-dessus du plateau,
# dernier coup de l'image) : ce qui a été fait, en groupes nominaux.
did-takes = élimine { $seats }
did-make-twins = deux pions jumelés en { $place }
did-enter-twins = retour des pions jumelés
did-enter-pair = retour de la paire
did-pass = s'arrête là
did-enter = { $count ->
    [one] entrée d'un pion en { $place }
   *[other] entrée de { $count } pions en { $place }
  }
did-bear-off = { $count ->
    [one] sortie d'un pion
   *[other] sortie de { $count } pions
  }
# Une option du menu pion par pion : « Sb1 → Sb5 », « entrée → Sb3 » pour un
# pion qui entre, « c3 → sorti » pour un pion qui sort ; ⚔ par pion éliminé.
option-entering = entrée
option-off = sorti
place-keep = la case centrale ({ $square })
place-step = étape { $step }
place-home = l'arrivée
more-lines = …et { $count } de plus

## La salle d'attente

lobby-title = { $ruleset ->
    [tayam-sonalu] Tayam Sonalu
   *[other] Thaayam
  } : salle d'attente
lobby-description = Une partie de **{ $ruleset ->
    [tayam-sonalu] Tayam Sonalu
   *[other] Thaayam ({ $ruleset })
  }** à { $players } joueurs. Appuyez sur **Rejoindre** pour prendre place.
    Installés ({ $seated }/{ $players }) : { $names }
    Dés loyaux : les jets viennent d'une graine secrète de SHA-256 `{ $commitment }`, révélée à la fin de la partie.
button-join = Rejoindre
button-leave = Partir
button-start = Commencer (hôte)
button-cancel = Annuler (hôte)
computer-option = Ordinateur : { $level }
computer-placeholder = Ajouter un joueur ordinateur (hôte)

## Le plateau

to-act = À **{ $seat }** ({ $who }) de { $verb ->
    [opening] lancer pour savoir qui commence
    [throw] lancer les cauris
   *[move] jouer
  }{ $deadline }.
deadline = { " " }(fin du tour <t:{ $time }:R>)
away-until = { " " }(absence jusqu'au <t:{ $time }:f>)
step-by-step-first = Pas à pas : choisissez la première action dans le menu.
draft-whole = Aperçu : { $who } choisit **{ $what }** ({ $throws }). **Valider** le joue ; un autre choix le remplace.
draft-part = Aperçu : { $who } construit **{ $what }** ({ $throws }) ; choisissez la suite.
tutor-warning = **Tuteur** : ce coup cède { $loss } % — l'expert préfère **{ $best }**.
earlier-lines = …{ $count ->
    [one] { $count } ligne précédente
   *[other] { $count } lignes précédentes
  }
seat-field = { $seat } ({ $letter })
pieces = sur le plateau : { $board } ; en attente : { $waiting } ; { $goal ->
    [home] arrivés
   *[keep] sortis
  } : { $borne }
pieces-none = aucun
throws-left = Jets encore à jouer : **{ $throws }**
# A practice game (`/thaayam new practice:true`): on the lobby, the board and the result.
practice-mark = Partie d'entraînement · hors classement
# A game outside servers (a DM, a group DM): on the lobby, the board and the result.
outside-servers-mark = Partie hors serveur · hors classement
board-title = { $ruleset ->
    [tayam-sonalu] Tayam Sonalu
   *[other] Thaayam ({ $ruleset })
  }, partie { $game }
board-footer = { $drawn ->
    [one] { $drawn } jet tiré
   *[other] { $drawn } jets tirés
  } jusqu'ici · graine des dés SHA-256 { $commitment }… (la graine est révélée à la fin de la partie)
button-throw = Lancer les cauris
button-confirm = Valider
button-undo = Annuler le choix
button-prefer = Jouer le coup de l'expert
button-stand-in = Faire jouer l'ordinateur ({ $votes }/{ $needed })
button-stand-in-rated = Faire jouer l'ordinateur ; classé dernier ({ $votes }/{ $needed })
button-page = Page { $page }
menu-ways = { $what ->
    [another] Ou un autre coup
   *[yours] Votre coup
  } : { $complete ->
    [yes] { $count ->
        [one] 1 façon
       *[other] { $count } façons
      }
   *[no] plus de { $count } façons
  } de jouer { $throws } (choisissez)
menu-piece-first = { $what ->
    [next] Suite de votre coup
   *[yours] Votre coup
  } : { $complete ->
    [yes] { $count } façons
   *[no] plus de { $count } façons
  } de jouer { $throws }, trop pour les lister : avancez d'abord un pion, puis le reste
menu-plus = { " " }· « 4+1 » : un pion avance des deux jets
menu-again = { " " }· « 4, 2 » : un pion avance de 4, puis de 2
menu-sonal = { " " }· s : Sonal (0 + 4), un 4 qui fait entrer un pion
menu-twins = { " " }· jumelés : deux pions réunis qui avancent ensemble, de la moitié du jet
menu-steps-first = Pas à pas : la première action
menu-steps-next = Pas à pas : l'action suivante
option-with = avec { $throws }
option-unused = { $count ->
    [one] 1 jet perdu
   *[other] { $count } jets perdus
  }
option-tag-capture = ⚔ prise
option-tag-home = { $goal ->
    [home] ★ arrive au centre
   *[keep] ★ sort un pion
  }
option-tag-enter = ＋ entrée
option-tag-twins = jumelés
option-wins = gagne la partie
option-throws-again = relance les cauris

## Le résultat

game-ended-early = **La partie a été arrêtée avant la fin ; elle ne compte pas au classement.**
game-went-back = La base de données du bot est revenue en arrière (une sauvegarde restaurée, ou ses derniers enregistrements perdus) pendant cette partie : pour qu'aucun jet ne soit tiré deux fois, elle s'arrête ici et sa graine est révélée.
left-player = { $who } (parti ; l'ordinateur a continué)
place-line = { $place }. { $name } ({ $seat })
ratings = Notes
result-title = { $ruleset ->
    [tayam-sonalu] Tayam Sonalu
   *[other] Thaayam ({ $ruleset })
  }, partie { $game } : résultat
result-seed = Graine des dés : `{ $seed }` ({ $count } jets tirés)
result-commitment = Son SHA-256, affiché depuis l'ouverture de la partie : `{ $commitment }`
result-footer = Avec la graine, chacun peut retrouver tous les jets de cette partie : { -cmd-verify } { -opt-verify-game }:{ $game }
result-winner = 🏆 **{ $winner }** ({ $seat }) gagne !
result-progress = { $borne ->
    [one] { $borne } pion sur { $pieces } { $goal ->
        [home] arrivé
       *[keep] sorti
      }
   *[other] { $borne } pions sur { $pieces } { $goal ->
        [home] arrivés
       *[keep] sortis
      }
  }
ratings-explained = *La note est le score du classement de tous les temps : l'habileté moins trois fois son incertitude. Chaque partie réduit l'incertitude : lors de ses premières parties, une joueuse peut donc voir sa note monter même après une défaite. `{ -cmd-leaderboard } { -opt-leaderboard-period }:all` classe les joueurs par cette note après { $count } parties classées.*
result-dice = Dés équitables
button-rematch = Revanche
note-rematch = Revanche de la partie { $game } : { $players }, appuyez sur Rejoindre pour rejouer. L'hôte lance la partie une fois que vous êtes là.
goes-on = *La partie { $game } continue sur le plateau ci-dessous.*
ended-below = *La partie { $game } est terminée : son résultat est ci-dessous.*

## Ce qui vient de se passer (les lignes au-dessus du plateau)

note-discarded = Les jets barrés sont perdus : un joueur sans pion sur le plateau attend un jet de 1.
note-joined = { $who } a rejoint la partie.
note-left = { $who } est parti.
note-computer-joined = Un { $who } a rejoint la partie.
note-started = La partie commence : chacun lance une fois les cauris ; le plus grand jet commence.
record-commitment = Dés loyaux : la graine des jets de cette partie a pour SHA-256 `{ $commitment }` (affiché depuis l'ouverture de la partie ; la graine est révélée à la fin).
note-ended-by = { $who } a arrêté la partie.
note-removed = { $who } a été retiré{ $then }
note-resigned = { $who } abandonne{ $then }
note-threw = { $seat } a obtenu { $throws }
note-sonal = *s* est un **Sonal** (0 + 4) : un 4 qui peut faire entrer un pion et fait relancer. Le **Tayam** (0 + 1) est le 1 qui fait entrer le premier pion.
note-zero = Un jet de 0 (les deux dés à vide) ne fait rien avancer.
note-begins = { $seat } a fait le plus grand jet et commence.
note-throws-lost = Aucun coup permis : { $count ->
    [one] 1 jet perdu
   *[other] { $count } jets perdus
  }, la main passe{ $why }.
lost-why-enter = un pion n'entre qu'avec { $throws }
lost-why-bear-off = seul un 1 fait sortir un pion de la case centrale
lost-why-exact = { $goal ->
    [home] seul un jet exact ramène un pion au centre
   *[keep] seul un jet exact mène un pion à la case centrale
  }
lost-why-zero = un jet de 0 ne fait rien avancer
note-played = { $seat } : { $what }
note-only-move = le seul coup possible
note-captured = { $seat } a éliminé { $count ->
    [one] 1 pion
   *[other] { $count } pions
  } et relance les cauris.
note-unused = { $count ->
    [one] 1 jet n'a pas pu être joué.
   *[other] { $count } jets n'ont pas pu être joués.
  }
note-took-back = Choix annulé.
note-timed-out = { $who } n'a plus de temps ; l'ordinateur joue ce tour.
note-voted-stand-in = { $who } vote pour que l'ordinateur joue à la place de { $away } pendant son absence ({ $votes } voix sur les { $needed } nécessaires).
note-stood-in = Les autres joueurs ont voté : l'ordinateur joue à la place de { $who } jusqu'à la fin de la partie (dans une partie classée, { $who } est classé dernier, comme après un abandon).
note-forfeited = { $who } a manqué trois tours de suite et perd la partie{ $then }
note-no-show = { $who } n'a pas joué son premier tour à temps et finit dernière à cette table{ $then }
note-decided-at-deadline = L'échéance de la ronde est arrivée : cette partie s'arrête ici et sa table est départagée aux points espérés.
vacated-free = { " " }de la salle d'attente.
vacated-computer = ; l'ordinateur prend sa place.
vacated-other-wins = ; l'autre joueur gagne.
vacated-ends-unrated = ; la partie s'arrête et ne compte pas au classement.
vacated-last = ; il ne reste plus aucun joueur : la partie s'arrête ici, et cette personne finit dernière.

## Pourquoi un clic n'a rien changé (réponses privées)

board-caught-up = Ce plateau était en retard sur la partie (le bot a redémarré avant de montrer le dernier changement) ; il montre maintenant la partie où elle en est. Votre clic n'a rien changé : choisissez à nouveau si c'est votre tour.
end-shown = Cette partie était déjà terminée (le bot a redémarré avant de le montrer) ; son plateau montre maintenant la fin. Votre clic n'a rien changé.
refusal-stale = Ce plateau n'est plus à jour : la partie a avancé. Utilisez le plateau le plus récent.
refusal-closed = Cette partie est terminée.
refusal-not-your-turn = Ce n'est pas votre tour.
refusal-not-host = Seul l'hôte ou un modérateur (Gérer les messages) peut faire cela.
refusal-not-seated = Vous ne jouez pas dans cette partie.
refusal-already-seated = Vous avez déjà une place.
refusal-lobby-full = Toutes les places sont prises.
refusal-too-few = Il faut au moins deux joueurs pour commencer.
refusal-bad-choice = Ce choix n'est pas possible : { $why }.
refusal-not-playing = Ce choix n'est pas possible : { $who } ne joue pas.
refusal-unsaved = La partie n'a pas pu être enregistrée, rien n'a changé. Réessayez dans un instant.
refusal-unsure = La base de données est lente : votre action a peut-être été enregistrée, peut-être pas. Cliquez de nouveau dans un instant : le plateau montrera alors où en est la partie.
why-started = La partie a déjà commencé.
why-only-moderators = Sur ce serveur, seuls les modérateurs (Gérer les messages) peuvent arrêter une partie en cours.
why-host-stays = L'hôte ne peut pas être retiré de la salle d'attente ; annulez plutôt la partie.
why-only-unseated-moderators-remove = Dans une partie en cours, seul un modérateur (Gérer les messages) qui ne joue pas peut retirer un joueur. Pour quitter la partie vous-même, utilisez `{ -cmd-resign }`.
why-thrown = Les cauris sont déjà lancés : choisissez un coup.
why-nothing-more = Plus rien à choisir : appuyez sur Valider (ou Annuler le choix).
why-nothing-to-undo = Rien à annuler.
why-nothing-chosen = Rien n'est encore choisi : choisissez d'abord un coup dans le menu.
why-incomplete = Le coup n'est pas complet : choisissez la suite dans le menu.
why-not-started = La partie n'a pas encore commencé.
why-not-away = Seuls les autres joueurs peuvent voter, et seulement pendant l'absence du joueur dont c'est le tour.
why-already-voted = Vous avez déjà voté.
why-not-an-option = cette option n'est pas dans le menu
why-gone = cette option n'est plus dans le menu
why-no-step = cette étape n'est pas dans le menu
why-no-page = cette page n'est pas dans le menu
why-stale-choices = les choix ne correspondent plus à la partie

## L'image (en-tête, lignes) et sa description pour les lecteurs d'écran

picture-wins = ★ { $name } gagne
# « À jouer : nom » : « À … de jouer » demanderait un article devant un
# ordinateur (« À ordinateur aléatoire de jouer »).
picture-to-play = ▶ À jouer : { $name }
picture-to-throw = ▶ À lancer : { $name }
picture-counts = en attente { $off } · sur le plateau { $on } · { $goal ->
    [home] arrivés
   *[keep] sortis
  } { $home }
picture-keep = { $goal ->
    [home] arrivée
   *[keep] centre
  }
alt-title = Plateau de { $ruleset ->
    [tayam-sonalu] Tayam Sonalu
   *[other] Thaayam ({ $ruleset })
  }, partie { $game }.
alt-seat = { $who } : { $pieces }.
alt-on = sur { $places }
alt-twins-on = jumelés sur { $place }
alt-waiting = { $count } en attente
alt-borne = { $count ->
    [one] { $count } { $goal ->
        [home] arrivé
       *[keep] sorti
      }
   *[other] { $count } { $goal ->
        [home] arrivés
       *[keep] sortis
      }
  }
# Entre les parties de la description des pions d'une place (texte alternatif) : espace avant le point-virgule.
alt-parts = { " ; " }
alt-no-pieces = aucun pion
alt-wins = { $name } gagne.
alt-to-play = À jouer : { $name }.
alt-to-play-with = À jouer : { $name }, jets { $throws }.
alt-picked = Choisi, pas encore validé : { $what }.
alt-last = Dernier coup, { $seat } : { $what }.
alt-marks = Repères : une flèche suit chaque coup de la dernière série le long du parcours, numérotée dans l'ordre joué ; une étoile sombre marquée d'une croix signale une case où des pions ont été éliminés (avec leur nombre) ; un nombre sur un pion compte les pions de cette case.
example-you = Vous
example-them = Eux
example-alt = Un plateau d'exemple. Sud (Vous) a choisi le coup { $what } (jets { $throws }), pas encore validé : les cases d'arrivée sont marquées et une flèche montre sa dernière partie. L'en-tête dit toujours que c'est à Vous de jouer.

## Clics que le bot ne peut pas traiter (réponses privées)

click-not-running = Cette partie n'est plus en cours.
click-unknown-control = Ce bouton n'appartient pas (ou plus) à ce bot.
click-unreadable = Ce choix n'a pas pu être lu.
click-retired = Ce menu appartient à un ancien plateau de ce bot : jouez sur le plateau le plus récent (ou affichez-le à nouveau avec `{ -cmd-board }`).

## Depuis votre dernier tour : les lignes sous la mention d'un plateau qui
## rappelle un joueur (ses pertes d'abord).
since-lost = **{ $by } a éliminé { $count ->
    [one] votre pion
   *[other] { $count } de vos pions
  } en { $square }.**
since-took = { " " }(en a éliminé { $count })
since-moves = Depuis votre dernier choix : { $moves }{ $more }.
since-move = { $seat } : { $what }
since-more = { " " }et { $count } de plus (ci-dessus)

# Une partie que personne ne joue, fermée (salle d'attente expirée, partie inactive).
note-lobby-expired = Cette salle d'attente est fermée : personne n'a lancé la partie à temps. { -cmd-new } en ouvre une autre.
note-idle = La partie est terminée, hors classement : personne n'a cliqué pendant { $turns } délais de tour.

## Les pages des parties (discord/web) : une page par partie, dans un navigateur.

web-title = { $ruleset ->
    [tayam-sonalu] Tayam Sonalu
   *[other] Thaayam ({ $ruleset })
  }, partie { $game }
web-lobby = En salle d'attente : { $seated } joueurs assis sur { $players }.
web-ended = La partie est terminée.
web-deadline = Le temps s'écoule à { $time }.
web-players = Joueurs
web-throws = Jets de cette série
web-no-throws = aucun pour l'instant
web-story = La partie coup par coup
web-live = Cette page suit la partie en direct.
web-replay = Revoir la partie pas à pas
web-start = Début
web-previous = ← Précédent
web-next = Suivant →
web-step = Coup { $step } sur { $count }
web-board-now = La fin
web-analysis = Analyse
web-analysis-alt = Courbe des chances de victoire de chaque joueur, coup par coup.
web-mark-luck = Dés de { $who } : { $points } points de chances
web-mark-inaccuracy = Imprécision
web-mark-mistake = Erreur
web-mark-blunder = Gaffe
web-mark-loss = { $points } points de chances de victoire perdus.
web-mark-best = Le meilleur coup, selon l'expert.
web-mark-close = Proche du meilleur : { $points } points perdus.
web-mark-played = Joué : { $what }
web-mark-better = L'expert préfère : { $what }
web-mark-compare = Le coup joué et celui de l'expert, côte à côte
web-mark-best-alt = Le plateau après le coup de l'expert : { $what }.
web-mark-best-note = Mieux pour { $who } : { $what }
web-dice = Dés équitables
web-commitment = Engagement (le SHA-256 de la graine des dés, affiché depuis la salle d'attente) :
web-seed-hidden = La graine qui donne les jets sera révélée à la fin de la partie, pour que chacun puisse vérifier chaque jet.
web-seed = Graine des dés (révélée à la fin) :
web-check = Vérifier
web-check-nojs = Votre navigateur vérifie ici les dés avec son propre SHA-256 (JavaScript requis).
web-check-legacy = Les dés de cette partie ({ $derivation }) se vérifient avec /thaayam vérifier, pas dans le navigateur.
web-check-hash = SHA-256 de la graine :
web-check-seed-ok = Le SHA-256 de la graine est bien l'engagement : les jets étaient fixés avant le début de la partie.
web-check-seed-bad = Le SHA-256 de la graine n'est PAS l'engagement.
web-check-throws-ok = Les { $count } jets de la partie sont bien ceux que donne la graine.
web-check-throws-bad = { $count } jets ne sont PAS ceux que donne cette graine (signalés ci-dessous).
web-throw-played = Joué
web-throw-derived = Selon la graine
web-not-found-title = Partie introuvable
web-not-found = Ce lien ne mène à aucune partie : il est peut-être mal recopié, ou le serveur de la partie a désactivé ses pages.
web-busy = Trop de pages en direct sont ouvertes depuis votre adresse. Fermez-en quelques-unes, puis rechargez celle-ci.
web-link = Page de la partie

# La page d'un tournoi (/t/…).
web-tournament-title = { $name } : tournoi
web-tournament-signup = Inscriptions ouvertes : { $entrants } inscrits pour l'instant.
web-tournament-running = En cours.
web-tournament-finished = Terminé.
web-tournament-cancelled = Annulé.
web-tournament-swiss = Système suisse, tables de { $size }, { $rounds } rondes
web-tournament-arena = Arène, tables de { $size }
web-tournament-start = Début : { $time }
web-tournament-live = Cette page se recharge toute seule toutes les { $secs } secondes tant que le tournoi se joue.
web-tournament-standings = Classement
web-tournament-tie-break = Les égalités sont départagées par les points des adversaires (la somme des points de tous ceux qu'on a rencontrés), puis par les victoires, puis par le classement Elo du début.
web-tournament-player = Joueur
web-tournament-points = Points
web-tournament-games = Parties
web-tournament-wins = Victoires
web-tournament-opponents = Points des adversaires
web-tournament-withdrawn = (retiré)
web-tournament-round = Ronde { $round }
web-tournament-arena-games = Les parties de l'arène
web-tournament-deadline = Échéance : { $time } ; une partie encore en cours à ce moment est départagée par les points espérés de chaque joueur.
web-tournament-arena-ends = L'arène finit { $time } ; une partie encore en cours à ce moment est départagée par les points espérés de chaque joueur.
web-tournament-table = Table { $table }
web-tournament-playing = en cours
web-tournament-played = jouée jusqu'au bout
web-tournament-decided = départagée à l'échéance par les points espérés
web-tournament-bye = exempt
web-tournament-table-cancelled = annulée
web-tournament-no-show = (absent : l'ordinateur a joué sa place)
web-tournament-entrant = Inscrit n° { $number }
web-tournament-link = Page du tournoi
web-tournament-points-short = Pts
web-tournament-games-short = P
web-tournament-wins-short = V
web-tournament-opponents-short = Adv.
web-tournament-rules = { $ruleset ->
    [tayam-sonalu] Tayam Sonalu
   *[other] Thaayam ({ $ruleset })
  }
# Le bouton d'un plateau qui ouvre la partie dans Discord (une Activité), et
# la réponse privée quand Discord n'a pas pu l'ouvrir.
activity-button = Jouer sur le plateau
activity-unavailable = Le jeu sur le plateau n'est pas disponible ici pour le moment.
# L'Activité (la partie jouée sur le plateau dans Discord).
activity-signed-out = Discord n'a pas confirmé qui vous êtes. Fermez l'Activité et rouvrez-la.
activity-not-in-instance = Vous n'êtes pas dans cette Activité. Ouvrez-la dans le salon où se joue la partie.
activity-no-game = Aucune partie n'est en cours dans ce salon. Lancez-en une avec /thaayam nouvelle, puis rouvrez l'Activité.
activity-your-turn = À vous : touchez l'arrivée de vos pions.
activity-picked = Voyez où cela mène, puis confirmez ou annulez.
activity-watching = En attente du joueur dont c'est le tour.
activity-touch-piece = À vous : touchez un pion qui peut bouger, ou choisissez ci-dessous.
activity-touch-end = Touchez maintenant la case où il arrive.
activity-same-squares = Plusieurs coups finissent là : choisissez-en un ci-dessous.
activity-board-next-click = Dans cette conversation, le plateau de la discussion montrera votre coup au prochain clic dessus.
activity-connecting = Connexion à Discord…
