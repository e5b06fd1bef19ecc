# The words of a tournament's sign-up and of /thaayam tournament (new, show, cancel, withdraw). Every language has the same keys.

## Le message d'inscription

signup-title = 🏆 { $name }
signup-open = Les inscriptions sont ouvertes : inscrivez-vous avec les boutons ci-dessous. La confirmation de présence ouvre { $opens } ; qui n'a pas confirmé sa présence au départ n'est pas apparié.
signup-check-in-open = La confirmation de présence est ouverte : inscrits, appuyez sur **Je suis là** avant le départ ({ $start }), sans quoi vous ne serez pas appariés. Qui s'inscrit maintenant est aussitôt confirmé.
signup-running-round = En cours : ronde { $round } sur { $rounds }.
signup-running = En cours.
signup-finished = Ce tournoi est terminé.
signup-cancelled = Ce tournoi a été annulé.
signup-field-rules = Règles
signup-field-format = Formule
signup-field-tables = Tables
signup-field-points = Points par place
signup-field-tie-break = Départage
signup-field-turn = Temps par tour
signup-field-start = Départ
signup-field-late = Inscription tardive
signup-format-swiss = Système suisse, { $rounds ->
    [one] { $rounds } ronde
   *[other] { $rounds } rondes
  } de { $minutes } minutes au plus
signup-format-arena = Arène, { $minutes } minutes ;
signup-streak-on = bonus de série : après deux victoires de suite, chaque nouvelle victoire compte double.
signup-streak-off = pas de bonus de série.
signup-tables = { $count } joueurs par table
signup-points-places = { $places } selon la place
signup-points-bye = ; une exemption rapporte { $points }
signup-tie-break = points des adversaires, puis victoires, puis classement
signup-late-none = pas d'inscription tardive
signup-late-until = jusqu'à la ronde { $round } (les retardataires jouent à partir de la ronde suivante)
signup-late-arena = jusqu'à la fin
signup-entrants = Inscrits ({ $count })
signup-entrants-checked = Inscrits ({ $count }, dont { $checked } présents)
signup-entrants-none = Personne pour l'instant.
signup-entrants-more = et { $count } de plus
signup-footer = Les absences ne s'appliquent pas dans un tournoi : qui ne joue pas son premier tour est remplacé par l'ordinateur à cette table. Tournoi n° { $id }
signup-button-join = S'inscrire
signup-button-leave = Se désinscrire
signup-page = Page du tournoi
signup-button-check-in = Je suis là
signup-minutes = { $count ->
    [one] { $count } minute
   *[other] { $count } minutes
  }
signup-seconds = { $count ->
    [one] { $count } seconde
   *[other] { $count } secondes
  }

## Un clic sur l'inscription qui n'a rien changé (privé)

signup-refused-over = Ce tournoi est terminé ; son inscription ne change plus.
signup-refused-late = L'inscription tardive est close pour ce tournoi.
signup-refused-already-in = Vous êtes déjà inscrit.
signup-refused-full = Ce tournoi est complet.
signup-refused-not-in = Vous n'êtes pas inscrit à ce tournoi.
signup-refused-check-in-closed = La confirmation de présence n'est pas ouverte : elle ouvre 10 minutes avant le départ et ferme au départ.
signup-refused-checked-in = Votre présence est déjà confirmée.
signup-not-here = Ce bouton n'est pas l'inscription d'un tournoi de ce salon ; rien n'a changé.

## /thaayam tournoi nouveau

permission-create-public-threads = Créer des fils publics
tournament-not-in-server = Les tournois se jouent dans un salon textuel d'un serveur où le bot a été ajouté.
tournament-in-thread = Les tables d'un tournoi sont des fils de son salon : organisez-le dans un salon textuel, pas dans un fil.
tournament-not-manager = Organiser un tournoi demande la permission Gérer le serveur.
tournament-missing-permissions = Je ne peux pas organiser de tournoi dans ce salon : il me manque { $count ->
    [one] la permission { $list } ici. Un administrateur du serveur peut me l'accorder
   *[other] les permissions { $list } ici. Un administrateur du serveur peut me les accorder
  } (dans les paramètres de ce salon ou de mon rôle) ; réessayez ensuite.
tournament-bad-name = Le nom d'un tournoi compte de 1 à { $most } caractères.
tournament-bad-table = Une table réunit de { $least } à { $most } joueurs.
tournament-bad-rounds = Un système suisse compte de { $least } à { $most } rondes.
tournament-rounds-in-arena = Une arène n'a pas de rondes : donnez sa durée en minutes (`{ -opt-tournament-new-length }`).
tournament-bad-round-length = Une ronde de système suisse dure de { $least } à { $most } minutes.
tournament-bad-arena-length = Une arène dure de { $least } à { $most } minutes.
tournament-bad-turn-time = `{ $typed }` n'est pas un temps par tour : écrivez un nombre et une unité, comme `90s` ou `2m`.
tournament-turn-time-range = Un tour dure de { $least } à { $most }.
tournament-bad-start = `{ $typed }` n'est pas un départ : écrivez des minutes à partir de maintenant (`30`), une durée (`2h`), une heure (`20:30`, dans le fuseau horaire du serveur), une date et une heure (`2026-12-24 20:30`) ou un horodatage Discord.
tournament-start-range = Un tournoi commence entre 1 minute et 30 jours à partir de maintenant.
tournament-bad-late-join = Les retardataires peuvent s'inscrire pendant 0 à { $most } rondes après la première (celles qui la suivent).
tournament-late-join-in-arena = On rejoint une arène jusqu'à sa fin : elle n'a pas de `{ -opt-tournament-new-late_join }`.
tournament-streak-in-swiss = Le bonus de série est celui de l'arène : un système suisse n'en a pas.
tournament-created = Le tournoi n° { $id }, **{ $name }**, est ouvert aux inscriptions : { $link }. Il commence { $start }.
tournament-not-posted = Je n'ai pas pu publier l'inscription dans ce salon (Discord a refusé le message) ; aucun tournoi n'a donc été créé. Vérifiez que je peux voir ce salon, y envoyer des messages et intégrer des liens, puis réessayez.
tournament-store-failed = Le tournoi n'a pas pu être enregistré pour l'instant (problème de base de données) ; réessayez.

## /thaayam tournoi voir, annuler, retirer

tournament-show-title = Tournois
tournament-none = Aucun tournoi sur ce serveur pour l'instant ; `{ -cmd-tournament-new }` en organise un (Gérer le serveur).
tournament-show-line = **n° { $id } { $name }** : { $phase } · { $entrants } · départ { $start } · { $link }
tournament-n-entrants = { $count ->
    [one] { $count } inscrit
   *[other] { $count } inscrits
  }
tournament-phase-signup = inscriptions ouvertes
tournament-phase-check-in = confirmation de présence ouverte
tournament-phase-starting = au départ
tournament-phase-round = ronde { $round }
tournament-phase-arena = arène en cours
tournament-phase-finished = terminé
tournament-phase-cancelled = annulé
tournament-no-such = Il n'y a pas de tournoi n° { $id } sur ce serveur.
tournament-none-open = Aucun tournoi n'est ouvert dans ce salon. `{ -cmd-tournament-show }` liste ceux du serveur ; désignez-en un avec `{ -opt-tournament-cancel-tournament }:<numéro>`.
tournament-cancel-over = Le tournoi n° { $id } est déjà terminé ; rien n'a changé.
tournament-cancelled = Le tournoi n° { $id }, **{ $name }**, est annulé.
tournament-not-organiser = Seul l'organisateur du tournoi n° { $id } ou un membre qui peut gérer le serveur peut l'annuler.
tournament-withdrawn = Vous vous êtes retiré du tournoi n° { $id } : vous ne serez plus apparié, et vos résultats jusqu'ici restent.
tournament-left = Vous avez quitté le tournoi n° { $id }.
