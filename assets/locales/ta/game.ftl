# ஒரு ஆட்டத்தின் சொற்கள் (கூடம், பலகை, குறிப்புகள், மறுப்புகள், படத்தின்
# தலைப்புகள்), தமிழில்.
# Terms: தாயம் (the game; also the throw of 1 that lets a piece in),
# சோழி (cowrie, the dice), காய் (piece), வெட்டு (capture: "cut" a piece),
# பழம் (a piece that has finished its run and is borne off: it "ripens"),
# கட்டம் (square), உருட்டு / போடு (throw). These are the words players
# use for தாயம் and its cousin தாயக்கட்டை. Bell's "palace" and "keep" have no
# fixed Tamil names that we know of: we say அரண்மனை (palace) and நடுக்கட்டம்
# (the centre square). Squares are named like chess squares (a1–e5).

decimal-mark = .

## பெயர்கள்

# ஒரு இருக்கை அதன் எழுத்தால் (S, W, N, E).
seat = { $seat ->
    [S] தெற்கு
    [W] மேற்கு
    [N] வடக்கு
   *[E] கிழக்கு
  }
# படங்களில் ஒரு இருக்கையின் காய்களிலும் அரண்மனையிலும் உள்ள எழுத்து.
# Latin letters (S, W, N, E), like the squares' names (a1–e5): the seat
# field gives each seat's Tamil name beside its letter.
seat-letter = { $seat ->
    [S] S
    [W] W
    [N] N
   *[E] E
  }
level = { $level ->
    [random] சீரற்றது
    [easy] எளிது
    [medium] நடுத்தரம்
    [hard] கடினம்
    [expert] வல்லுநர்
   *[other] { $level }
  }
# $id: the level's name in English, to choose the adjective's form.
computer = { $id ->
    [random] சீரற்ற கணினி
    [easy] எளிய கணினி
    [medium] நடுத்தரக் கணினி
    [hard] கடினக் கணினி
    [expert] வல்லுநர் கணினி
   *[other] { $level } கணினி
  }
# Two computers of one level at a table: each with its seat.
computer-at = { $computer } ({ $seat })
level-random = விதிகள் அனுமதிக்கும் எந்த நகர்வையும் ஆடும்
level-easy = இப்போது சிறந்ததாகத் தெரியும் நகர்வை எடுக்கும்
level-medium = முழுத் தொடர் உருட்டல்களையும் திட்டமிடும்
level-hard = எதிராளிகளின் பதில்களையும் முன்கூட்டியே பார்க்கும்
level-expert = ஆயிரக்கணக்கான ஆட்டங்களில் பயிற்சி பெற்ற வலையமைப்பால் நகர்வுகளை மதிப்பிடும்
and = மற்றும்

## நகர்வுகள் சொற்களில் ("e4 → d5 வடக்கை வெட்டு · ஒரு காயை இறக்கு")

move-takes = { $seats } காயை வெட்டு
move-twins = இரட்டைக் காய் { $place }
move-make-twins = { $place } இல் இரட்டையாக்கு
move-enter-twins = இரட்டைக் காய்களை மீண்டும் இறக்கு
move-enter-pair = ஜோடியை மீண்டும் இறக்கு
move-pass = இங்கே நிறுத்து
move-enter = { $count ->
    [one] { $place } இல் ஒரு காயை இறக்கு
   *[other] { $place } இல் { $count } காய்களை இறக்கு
  }
move-bear-off = { $count ->
    [one] ஒரு காயைப் பழமாக்கு
   *[other] { $count } காய்களைப் பழமாக்கு
  }
move-repeated = { $text } ({ $count }×)
move-same-trip = { $trip } ({ $count } { $twins ->
    [yes] ஜோடிகள்
   *[no] காய்கள்
  })
place-keep = நடுக்கட்டம் ({ $square })
place-step = படி { $step }
# பழம்: the traditional Tamil word for a piece that has reached home.
place-home = பழம்
more-lines = …இன்னும் { $count }

## கூடம்

lobby-title = { $ruleset ->
    [tayam-sonalu] தாயம் சோனலு
   *[other] தாயம்
  }: கூடம்
lobby-description = **{ $ruleset ->
    [tayam-sonalu] தாயம் சோனலு
   *[other] தாயம் ({ $ruleset })
  }** ஆட்டம், { $players } பேர் ஆடலாம். இடம் பிடிக்க **சேர்** அழுத்துங்கள்.
    அமர்ந்தவர்கள் ({ $seated }/{ $players }): { $names }
    நேர்மையான சோழி: உருட்டல்கள் ஒரு ரகசிய விதையிலிருந்து வருகின்றன (SHA-256 `{ $commitment }`); ஆட்டம் முடிந்ததும் அது வெளியிடப்படும்.
button-join = சேர்
button-leave = விலகு
button-start = தொடங்கு (நடத்துநர்)
button-cancel = ரத்து (நடத்துநர்)
computer-option = கணினி: { $level }
computer-placeholder = கணினி ஆட்டக்காரரைச் சேர் (நடத்துநர்)

## பலகை

to-act = **{ $seat }** ({ $who }) { $verb ->
    [opening] முதல் ஆட்டத்துக்காக உருட்ட வேண்டும்
    [throw] சோழி உருட்ட வேண்டும்
   *[move] நகர்த்த வேண்டும்
  }{ $deadline }.
deadline = { " " }(நேரம் முடிவது <t:{ $time }:R>)
away-until = { " " }(<t:{ $time }:f> வரை விடுப்பில்)
step-by-step-first = படிப்படியாக: பட்டியலில் முதல் செயலைத் தேர்ந்தெடுங்கள்.
draft-whole = முன்னோட்டம்: { $who } **{ $what }** ({ $throws }) தேர்ந்தெடுக்கிறார். **உறுதிசெய்** அதை ஆடும்; வேறு தேர்வு இதை மாற்றும்.
draft-part = முன்னோட்டம்: { $who } **{ $what }** ({ $throws }) அமைக்கிறார்; அடுத்து எப்படி என்று தேர்ந்தெடுங்கள்.
earlier-lines = …முந்தைய { $count } { $count ->
    [one] வரி
   *[other] வரிகள்
  }
seat-field = { $seat } ({ $letter })
pieces = பலகையில்: { $board }; காத்திருப்பவை: { $waiting }; { $goal ->
    [home] வீட்டில்
   *[keep] பழம்
  }: { $borne }
pieces-none = ஒன்றுமில்லை
throws-left = இன்னும் பயன்படுத்த வேண்டிய உருட்டல்கள்: **{ $throws }**
# A practice game (`/thaayam new practice:true`): on the lobby, the board and the result.
practice-mark = பயிற்சி ஆட்டம் · தரவரிசையில் சேராது
# A game outside servers (a DM, a group DM): on the lobby, the board and the result.
outside-servers-mark = சர்வருக்கு வெளியே ஆடியது · தரவரிசையில் சேராது
board-title = { $ruleset ->
    [tayam-sonalu] தாயம் சோனலு
   *[other] தாயம் ({ $ruleset })
  }, ஆட்டம் { $game }
board-footer = இதுவரை { $drawn } உருட்டல்கள் · சோழி விதையின் SHA-256 { $commitment }… (ஆட்டம் முடிந்ததும் விதை வெளியிடப்படும்)
button-throw = சோழிகளை உருட்டு
button-confirm = உறுதிசெய்
button-undo = திரும்பப் பெறு
button-stand-in = கணினி ஆடட்டும் ({ $votes }/{ $needed })
button-page = பக்கம் { $page }
menu-ways = { $what ->
    [another] அல்லது வேறொரு நகர்வு
   *[yours] உங்கள் நகர்வு
  }: { $throws } ஐப் பயன்படுத்த { $complete ->
    [yes] { $count ->
        [one] 1 வழி
       *[other] { $count } வழிகள்
      }
   *[no] { $count } க்கும் மேற்பட்ட வழிகள்
  } ({ $more ->
    [yes] மிகவும் வேறுபட்டவை காட்டப்படுகின்றன
   *[no] ஒன்றைத் தேர்ந்தெடுங்கள்
  })
menu-plus = { " " }· “4+1”: ஒரே காய் இரு உருட்டல்களையும் நகரும்
menu-again = { " " }· “4, 2”: ஒரே காய் 4, பின் 2 நகரும்
menu-sonal = { " " }· s: சோனல் (0 + 4), காயை இறக்கும் 4
menu-steps-first = படிப்படியாக: முதல் செயல்
menu-steps-next = படிப்படியாக: அடுத்த செயல்
option-step-by-step = வேறொரு நகர்வு: படிப்படியாக அமையுங்கள்
option-step-by-step-description = மொத்தம் { $complete ->
    [yes] { $count } நகர்வுகள்
   *[no] { $count } க்கும் மேற்பட்ட நகர்வுகள்
  }; ஒவ்வொரு செயலாகத் தேர்ந்தெடுங்கள்
option-with = { $throws } கொண்டு
option-unused = { $count ->
    [one] 1 உருட்டல் வீணாகும்
   *[other] { $count } உருட்டல்கள் வீணாகும்
  }
option-tag-capture = ⚔ வெட்டு
option-tag-home = { $goal ->
    [home] ★ காய் வீடு சேரும்
   *[keep] ★ காய் பழமாகும்
  }
option-tag-enter = ＋ இறக்கம்
option-wins = ஆட்டத்தை வெல்லும்
option-throws-again = மீண்டும் உருட்டலாம்

## முடிவு

game-ended-early = **ஆட்டம் முடிவதற்கு முன்பே நிறுத்தப்பட்டது; இது தரவரிசையில் சேராது.**
game-went-back = இந்த ஆட்டம் நடக்கும்போது போட்டின் தரவுத்தளம் பின்னோக்கிச் சென்றது (காப்புப்பிரதி மீட்டெடுக்கப்பட்டது, அல்லது கடைசிச் சேமிப்புகள் இழந்தன): எந்த உருட்டலும் இருமுறை வராமல் இருக்க, ஆட்டம் இங்கே முடிகிறது, அதன் சோழி விதை வெளிப்படுத்தப்படுகிறது.
left-player = { $who } (விலகினார்; கணினி தொடர்ந்து ஆடியது)
place-line = { $place }. { $name } ({ $seat })
ratings = மதிப்பீடுகள்
result-title = { $ruleset ->
    [tayam-sonalu] தாயம் சோனலு
   *[other] தாயம் ({ $ruleset })
  }, ஆட்டம் { $game }: முடிவு
result-seed = சோழி விதை: `{ $seed }` ({ $count } உருட்டல்கள்)
result-commitment = அதன் SHA-256, தொடக்கத்திலிருந்து காட்டப்பட்டது: `{ $commitment }`
result-footer = இந்த விதையைக் கொண்டு யார் வேண்டுமானாலும் இந்த ஆட்டத்தின் ஒவ்வொரு உருட்டலையும் மீண்டும் கணக்கிடலாம்: { -cmd-verify } { -opt-verify-game }:{ $game }
result-winner = 🏆 **{ $winner }** ({ $seat }) வென்றார்!
result-progress = { $pieces } இல் { $borne } { $goal ->
    [home] வீட்டில்
   *[keep] பழம்
  }
ratings-explained = *தரவரிசை மதிப்பு: திறன் கழித்தல் அதன் நிச்சயமின்மையின் மூன்று மடங்கு. ஒவ்வொரு ஆட்டமும் நிச்சயமின்மையைக் குறைக்கிறது; அதனால் முதல் ஆட்டங்களில் தோற்றாலும் மதிப்பு உயரலாம். { $count } தரவரிசை ஆட்டங்களுக்குப் பிறகு `{ -cmd-leaderboard }` ஒருவரைப் பட்டியலிடும்.*
result-dice = நியாயமான சோழிகள்
button-rematch = மறு ஆட்டம்
note-rematch = ஆட்டம் { $game } இன் மறு ஆட்டம்: { $players }, மீண்டும் ஆட "சேர்" பொத்தானை அழுத்துங்கள். நீங்கள் வந்ததும் தொடக்குபவர் தொடங்குவார்.
goes-on = *ஆட்டம் { $game } கீழே உள்ள பலகையில் தொடர்கிறது.*
ended-below = *ஆட்டம் { $game } முடிந்தது: அதன் முடிவு கீழே.*

## இப்போது நடந்தது (பலகைக்கு மேலே உள்ள வரிகள்)

note-discarded = அடிக்கப்பட்ட உருட்டல்கள் வீணானவை: பலகையில் காய் இல்லாதவர் தாயம் (1) விழும் வரை காத்திருக்க வேண்டும்.
note-joined = { $who } சேர்ந்தார்.
note-left = { $who } விலகினார்.
note-computer-joined = ஒரு { $who } சேர்ந்தது.
note-started = ஆட்டம் தொடங்குகிறது: ஒவ்வொருவரும் ஒரு முறை உருட்டுவர்; அதிகம் விழுந்தவர் முதலில் ஆடுவார்.
record-commitment = நேர்மையான சோழிகள்: இந்த ஆட்டத்தின் உருட்டல்களின் விதைக்கு SHA-256 `{ $commitment }` (ஆட்டம் திறந்ததிலிருந்து காட்டப்படுகிறது; ஆட்டம் முடிந்ததும் விதை வெளிப்படுத்தப்படும்).
note-ended-by = { $who } ஆட்டத்தை நிறுத்தினார்.
note-removed = { $who } நீக்கப்பட்டார்{ $then }
note-resigned = { $who } விட்டுக்கொடுத்தார்{ $then }
note-threw = { $seat } உருட்டியது: { $throws }
note-sonal = *s* என்பது **சோனல்** (0 + 4): காயை இறக்கக்கூடிய, மீண்டும் உருட்ட வைக்கும் 4. **தாயம்** (0 + 1) முதல் காயை இறக்கும் 1.
note-zero = 0 (இரண்டு பகடைகளும் வெறுமை) எதையும் நகர்த்தாது.
note-begins = { $seat } அதிகம் உருட்டியது, முதலில் ஆடுகிறது.
note-throws-lost = ஆடக்கூடிய நகர்வு இல்லை: { $count ->
    [one] 1 உருட்டல் வீண்
   *[other] { $count } உருட்டல்கள் வீண்
  }, அடுத்தவர் முறை{ $why }.
lost-why-enter = { $throws } இல் மட்டுமே காய் இறங்கும்
lost-why-bear-off = நடுக்கட்டத்திலிருந்து 1 மட்டுமே காயைப் பழமாக்கும்
lost-why-exact = { $goal ->
    [home] சரியான உருட்டல் மட்டுமே காயை வீட்டுக்குச் சேர்க்கும்
   *[keep] சரியான உருட்டல் மட்டுமே காயை நடுக்கட்டத்துக்குச் சேர்க்கும்
  }
lost-why-zero = 0 எதையும் நகர்த்தாது
note-played = { $seat }: { $what }
note-only-move = ஒரே சாத்தியமான நகர்வு
note-captured = { $seat } { $count ->
    [one] 1 காயை
   *[other] { $count } காய்களை
  } வெட்டியது, மீண்டும் உருட்டுகிறது.
note-unused = { $count ->
    [one] 1 உருட்டலைப் பயன்படுத்த முடியவில்லை.
   *[other] { $count } உருட்டல்களைப் பயன்படுத்த முடியவில்லை.
  }
note-took-back = தேர்வு திரும்பப் பெறப்பட்டது.
note-timed-out = { $who } க்கு நேரம் முடிந்தது; இந்த முறை கணினி ஆடுகிறது.
note-voted-stand-in = விடுப்பில் உள்ள { $away } க்குப் பதிலாகக் கணினி ஆட { $who } வாக்களிக்கிறார் (தேவையான { $needed } வாக்குகளில் { $votes }).
note-stood-in = மற்றவர்கள் வாக்களித்தனர்: ஆட்டம் முடியும் வரை { $who } இன் இடத்தில் கணினி ஆடும் ({ $who } க்கு இது தரவரிசையில் சேராது).
note-forfeited = { $who } தொடர்ந்து மூன்று முறை ஆடாததால் தோற்றார்{ $then }
vacated-free = { " " }(கூடத்திலிருந்து).
vacated-computer = ; கணினி அந்த இடத்தில் ஆடும்.
vacated-other-wins = ; மற்றவர் வெல்கிறார்.
vacated-ends-unrated = ; ஆட்டம் முடிகிறது, தரவரிசையில் சேராது.
vacated-last = ; ஆடுபவர் யாரும் இல்லாததால் ஆட்டம் இங்கே முடிகிறது, அவருக்குக் கடைசி இடம்.

## ஒரு சொடுக்கு ஏன் எதையும் மாற்றவில்லை (தனிப்பட்ட பதில்கள்)

board-caught-up = இந்தப் பலகை ஆட்டத்தை விடப் பின்தங்கியிருந்தது (கடைசி மாற்றத்தைக் காட்டும் முன் பாட் மீண்டும் தொடங்கியது); இப்போது ஆட்டம் உள்ளபடி காட்டுகிறது. உங்கள் சொடுக்கு எதையும் மாற்றவில்லை: உங்கள் முறை என்றால் மீண்டும் தேர்ந்தெடுங்கள்.
end-shown = இந்த ஆட்டம் ஏற்கெனவே முடிந்துவிட்டது (அதைக் காட்டும் முன் பாட் மீண்டும் தொடங்கியது); அதன் பலகை இப்போது முடிவைக் காட்டுகிறது. உங்கள் சொடுக்கு எதையும் மாற்றவில்லை.
refusal-stale = இந்தப் பலகை பழையது: ஆட்டம் முன்னேறிவிட்டது. புதிய பலகைச் செய்தியைப் பயன்படுத்துங்கள்.
refusal-closed = இந்த ஆட்டம் முடிந்துவிட்டது.
refusal-not-your-turn = இது உங்கள் முறை அல்ல.
refusal-not-host = நடத்துநர் அல்லது ஒரு மட்டுறுத்துநர் (Manage Messages) மட்டுமே இதைச் செய்ய முடியும்.
refusal-not-seated = நீங்கள் இந்த ஆட்டத்தில் ஆடவில்லை.
refusal-already-seated = உங்களுக்கு ஏற்கெனவே இடம் உண்டு.
refusal-lobby-full = எல்லா இடங்களும் நிரம்பிவிட்டன.
refusal-too-few = தொடங்க குறைந்தது இருவர் வேண்டும்.
refusal-bad-choice = அந்தத் தேர்வு சாத்தியமில்லை: { $why }.
refusal-not-playing = அந்தத் தேர்வு சாத்தியமில்லை: { $who } ஆடவில்லை.
refusal-unsaved = ஆட்டத்தை இப்போது சேமிக்க முடியவில்லை, எதுவும் மாறவில்லை. சற்று நேரத்தில் மீண்டும் முயலுங்கள்.
refusal-unsure = தரவுத்தளம் மெதுவாக உள்ளது: உங்கள் நகர்வு சேமிக்கப்பட்டிருக்கலாம், இல்லாமலும் இருக்கலாம். சற்று நேரத்தில் மீண்டும் சொடுக்குங்கள்: அப்போது பலகை ஆட்டத்தின் நிலையைக் காட்டும்.
why-started = ஆட்டம் ஏற்கெனவே தொடங்கிவிட்டது.
why-only-moderators = இந்தச் சர்வரில் நடக்கும் ஆட்டத்தை மட்டுறுத்துநர்கள் (Manage Messages) மட்டுமே நிறுத்த முடியும்.
why-host-stays = நடத்துநரைக் கூடத்திலிருந்து நீக்க முடியாது; ஆட்டத்தை ரத்து செய்யுங்கள்.
why-only-unseated-moderators-remove = நடக்கும் ஆட்டத்தில், ஆடாத மட்டுறுத்துநர் (Manage Messages) மட்டுமே ஒருவரை நீக்க முடியும். நீங்களே விலக `{ -cmd-resign }` பயன்படுத்துங்கள்.
why-thrown = சோழிகள் ஏற்கெனவே உருட்டப்பட்டன: ஒரு நகர்வைத் தேர்ந்தெடுங்கள்.
why-nothing-more = தேர்வு செய்ய இனி எதுவுமில்லை: உறுதிசெய் (அல்லது திரும்பப் பெறு) அழுத்துங்கள்.
why-nothing-to-undo = திரும்பப் பெற எதுவுமில்லை.
why-nothing-chosen = இன்னும் எதுவும் தேர்ந்தெடுக்கப்படவில்லை: முதலில் பட்டியலில் ஒரு நகர்வைத் தேர்ந்தெடுங்கள்.
why-incomplete = நகர்வு இன்னும் முழுமையாகவில்லை: அடுத்து எப்படி என்று பட்டியலில் தேர்ந்தெடுங்கள்.
why-not-started = ஆட்டம் இன்னும் தொடங்கவில்லை.
why-not-away = முறை வந்த ஆட்டக்காரர் விடுப்பில் இருக்கும்போது மட்டுமே மற்ற ஆட்டக்காரர்கள் வாக்களிக்கலாம்.
why-already-voted = நீங்கள் ஏற்கனவே வாக்களித்துவிட்டீர்கள்.
why-not-an-option = அந்த விருப்பம் பட்டியலில் இல்லை
why-gone = அந்த விருப்பம் இப்போது பட்டியலில் இல்லை
why-no-step = அந்தப் படி பட்டியலில் இல்லை
why-no-page = அந்தப் பக்கம் பட்டியலில் இல்லை
why-stale-choices = தேர்வுகள் இனி ஆட்டத்துக்குப் பொருந்தவில்லை

## படம் (தலைப்பு, வரிசைகள்) மற்றும் திரை வாசிப்பான்களுக்கான விளக்கம்

picture-wins = ★ { $name } வென்றார்
picture-to-play = ▶ { $name } ஆட வேண்டும்
picture-to-throw = ▶ { $name } உருட்ட வேண்டும்
picture-counts = காத்திருப்பவை { $off } · பலகையில் { $on } · { $goal ->
    [home] வீட்டில்
   *[keep] பழம்
  } { $home }
# நடுக்கட்டம் (the keep), shortened to fit its square.
picture-keep = { $goal ->
    [home] வீடு
   *[keep] நடு
  }
alt-title = { $ruleset ->
    [tayam-sonalu] தாயம் சோனலு
   *[other] தாயம் ({ $ruleset })
  } பலகை, ஆட்டம் { $game }.
alt-seat = { $who }: { $pieces }.
alt-on = { $places } இல்
alt-twins-on = { $place } இல் இரட்டைக் காய்
alt-waiting = { $count ->
    [one] 1 காத்திருக்கிறது
   *[other] { $count } காத்திருக்கின்றன
  }
alt-borne = { $count } { $goal ->
    [home] வீட்டில்
   *[keep] பழம்
  }
# மாற்று உரையில் ஓர் இருக்கையின் காய்களின் பகுதிகளுக்கு இடையே.
alt-parts = { "; " }
alt-no-pieces = காய்கள் இல்லை
alt-wins = { $name } வென்றார்.
alt-to-play = { $name } ஆட வேண்டும்.
alt-to-play-with = { $name } ஆட வேண்டும், உருட்டல்கள் { $throws }.
alt-picked = தேர்ந்தெடுத்தது, இன்னும் உறுதிசெய்யவில்லை: { $what }.
alt-last = கடைசி நகர்வு, { $seat }: { $what }.
example-you = நீங்கள்
example-them = அவர்கள்
example-alt = ஒரு மாதிரிப் பலகை. தெற்கு (நீங்கள்) { $what } என்ற நகர்வைத் தேர்ந்தெடுத்துள்ளது (உருட்டல்கள் { $throws }), இன்னும் உறுதிசெய்யவில்லை: அது சேரும் கட்டங்கள் குறிக்கப்பட்டுள்ளன, அதன் கடைசிப் பகுதியை ஒரு அம்பு காட்டுகிறது. தலைப்பு இன்னும் நீங்கள் ஆட வேண்டும் என்றே சொல்கிறது.

## பாட் செயல்பட முடியாத சொடுக்குகள் (தனிப்பட்ட பதில்கள்)

click-not-running = இந்த ஆட்டம் இப்போது நடக்கவில்லை.
click-unknown-control = இந்தக் கட்டுப்பாடு இந்த பாட்டுடையது அல்ல (இனி இல்லை).
click-unreadable = அந்தத் தேர்வைப் படிக்க முடியவில்லை.
click-retired = இந்தப் பட்டியல் இந்த பாட்டின் பழைய பலகையைச் சேர்ந்தது: புதிய பலகைச் செய்தியில் ஆடுங்கள் (அல்லது `{ -cmd-board }` மூலம் மீண்டும் இடுங்கள்).

## உங்கள் கடைசி முறைக்குப் பிறகு: ஒருவரை மீண்டும் அழைக்கும் பலகையின் வரிகள்
## (அவரது இழப்புகள் முதலில்).
since-lost = **{ $by } { $square } இல் { $count ->
    [one] உங்கள் காயை
   *[other] உங்கள் { $count } காய்களை
  } வெட்டியது.**
since-took = { " " }({ $count } வெட்டியது)
since-moves = நீங்கள் கடைசியாகத் தேர்ந்தெடுத்த பிறகு: { $moves }{ $more }.
since-move = { $seat }: { $what }
since-more = { " " }மேலும் { $count } (மேலே)

# யாரும் ஆடாத ஆட்டம் மூடப்பட்டது (காலாவதியான கூடம், சொடுக்கில்லாத ஆட்டம்).
note-lobby-expired = இந்தக் கூடம் மூடப்பட்டது: நேரத்துக்குள் யாரும் ஆட்டத்தைத் தொடங்கவில்லை. { -cmd-new } புதியதைத் திறக்கும்.
note-idle = ஆட்டம் முடிந்தது, தரவரிசையில் சேராது: { $turns } முறை நேரம் கடந்தும் யாரும் சொடுக்கவில்லை.

## ஆட்டப் பக்கங்கள் (discord/web): ஒவ்வொரு ஆட்டத்துக்கும் உலாவியில் ஒரு பக்கம்.

web-title = { $ruleset ->
    [tayam-sonalu] தாயம் சோனலு
   *[other] தாயம் ({ $ruleset })
  }, ஆட்டம் { $game }
web-lobby = கூடத்தில் காத்திருக்கிறது: { $players } இடங்களில் { $seated } நிரம்பியுள்ளன.
web-ended = ஆட்டம் முடிந்தது.
web-deadline = நேரம் { $time } மணிக்கு முடிகிறது.
web-players = ஆட்டக்காரர்கள்
web-throws = இந்தத் தொடரின் உருட்டல்கள்
web-no-throws = இன்னும் இல்லை
web-story = ஆட்டம் நகர்வு நகர்வாக
web-live = ஆட்டம் நடக்க நடக்க இந்தப் பக்கம் அதைப் பின்தொடர்கிறது.
web-replay = ஆட்டத்தைப் படிப்படியாகப் பார்க்க
web-start = தொடக்கம்
web-previous = ← முந்தையது
web-next = அடுத்தது →
web-step = { $count } நகர்வுகளில் { $step }-ஆவது
web-board-now = முடிவு
web-analysis = பகுப்பாய்வு
web-analysis-alt = ஒவ்வொரு ஆட்டக்காரரும் வெல்லும் வாய்ப்பு, நகர்வு வாரியாக, வரைபடத்தில்.
web-dice = நேர்மையான சோழிகள்
web-commitment = உறுதிமொழி (சோழி விதையின் SHA-256, கூடத்திலிருந்தே காட்டப்பட்டது):
web-seed-hidden = உருட்டல்களைத் தரும் விதை ஆட்டம் முடிந்ததும் வெளியிடப்படும்; அப்போது ஒவ்வொரு உருட்டலையும் யார் வேண்டுமானாலும் சரிபார்க்கலாம்.
web-seed = சோழி விதை (முடிவில் வெளியிடப்பட்டது):
web-check = சரிபார்
web-check-nojs = உங்கள் உலாவி தன் சொந்த SHA-256 கொண்டு இங்கே சோழிகளைச் சரிபார்க்கிறது (JavaScript தேவை).
web-check-legacy = இந்த ஆட்டத்தின் சோழிகள் ({ $derivation }) /thaayam verify மூலம் சரிபார்க்கப்படுகின்றன, உலாவியில் அல்ல.
web-check-hash = விதையின் SHA-256:
web-check-seed-ok = விதையின் SHA-256 உறுதிமொழியே: ஆட்டம் தொடங்கும் முன்பே உருட்டல்கள் நிர்ணயிக்கப்பட்டன.
web-check-seed-bad = விதையின் SHA-256 உறுதிமொழி அல்ல.
web-check-throws-ok = ஆட்டத்தின் { $count } உருட்டல்களும் விதை தருபவையே.
web-check-throws-bad = { $count } உருட்டல்கள் இந்த விதை தருபவை அல்ல (கீழே குறிக்கப்பட்டுள்ளன).
web-throw-played = ஆடியது
web-throw-derived = விதைப்படி
web-not-found-title = அப்படி ஒரு ஆட்டம் இல்லை
web-not-found = இந்த இணைப்பு எந்த ஆட்டத்துக்கும் செல்லவில்லை: தவறாக நகலெடுக்கப்பட்டிருக்கலாம், அல்லது அந்த ஆட்டத்தின் சர்வர் தன் ஆட்டப் பக்கங்களை நிறுத்தியிருக்கலாம்.
web-busy = உங்கள் முகவரியிலிருந்து மிக அதிகமான நேரலைப் பக்கங்கள் திறந்துள்ளன. சிலவற்றை மூடிவிட்டு இதை மீண்டும் ஏற்றவும்.
web-link = ஆட்டப் பக்கம்
# ஆட்டத்தை Discord-க்குள் (ஒரு Activity ஆக) திறக்கும் பலகையின் பொத்தான்,
# Discord அதைத் திறக்க முடியாதபோது தனிப்பட்ட பதில்.
activity-button = பலகையில் ஆடுக
activity-unavailable = பலகையில் ஆடுவது இப்போது இங்கே இயலாது.
# Activity (Discord-க்குள் பலகையில் ஆடப்படும் ஆட்டம்).
activity-signed-out = நீங்கள் யார் என்பதை Discord உறுதிப்படுத்தவில்லை. Activity-ஐ மூடி மீண்டும் திறக்கவும்.
activity-not-in-instance = நீங்கள் இந்த Activity-இல் இல்லை. ஆட்டத்தின் சேனலிலிருந்து அதைத் திறக்கவும்.
activity-no-game = இந்தச் சேனலில் எந்த ஆட்டமும் நடக்கவில்லை. /thaayam new மூலம் ஒன்றைத் தொடங்கி, Activity-ஐ மீண்டும் திறக்கவும்.
activity-your-turn = உங்கள் நகர்வு: உங்கள் காய்கள் சேரும் இடத்தைத் தொடவும்.
activity-picked = அது எங்கே கொண்டு செல்கிறது என்று பார்த்து, உறுதிசெய்யவும் அல்லது திரும்பப் பெறவும்.
activity-watching = முறை உள்ள ஆட்டக்காரருக்காகக் காத்திருக்கிறது.
activity-connecting = Discord-உடன் இணைக்கிறது…
