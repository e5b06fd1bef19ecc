# The words of a tournament's sign-up and of /thaayam tournament (new, show, cancel, withdraw). Every language has the same keys.

## பதிவுச் செய்தி

signup-title = 🏆 { $name }
signup-open = பதிவு திறந்துள்ளது: கீழே உள்ள பொத்தான்களால் சேருங்கள். வருகைப் பதிவு { $opens } திறக்கும்; தொடக்கத்துக்குள் வருகையைப் பதிவு செய்யாதவர் எந்த மேசையிலும் அமர்த்தப்பட மாட்டார்.
signup-check-in-open = வருகைப் பதிவு திறந்துள்ளது: பங்கேற்பாளர்களே, தொடக்கத்துக்கு முன் ({ $start }) **வந்துவிட்டேன்** என்பதை அழுத்துங்கள்; இல்லையெனில் நீங்கள் அமர்த்தப்பட மாட்டீர்கள். இப்போது சேருபவரின் வருகை உடனே பதிவாகும்.
signup-running-round = நடந்துகொண்டிருக்கிறது: { $rounds } சுற்றுகளில் சுற்று { $round }.
signup-running = நடந்துகொண்டிருக்கிறது.
signup-finished = இந்தப் போட்டி முடிந்துவிட்டது.
signup-cancelled = இந்தப் போட்டி ரத்து செய்யப்பட்டது.
signup-field-rules = விதிகள்
signup-field-format = முறை
signup-field-tables = மேசைகள்
signup-field-points = இடத்துக்கான புள்ளிகள்
signup-field-tie-break = சமநிலை முறிப்பு
signup-field-turn = ஒரு முறைக்கான நேரம்
signup-field-start = தொடக்கம்
signup-field-late = தாமதமாகச் சேருதல்
signup-format-swiss = சுவிஸ் முறை, { $rounds } { $rounds ->
    [one] சுற்று
   *[other] சுற்றுகள்
  }, ஒவ்வொன்றும் அதிகபட்சம் { $minutes } நிமிடங்கள்
signup-format-arena = அரங்க முறை, { $minutes } நிமிடங்கள்;
signup-streak-on = தொடர் வெற்றிப் போனஸ்: தொடர்ந்து இரண்டு வெற்றிகளுக்குப் பின் ஒவ்வொரு புதிய வெற்றிக்கும் இரட்டிப்புப் புள்ளிகள்.
signup-streak-off = தொடர் வெற்றிப் போனஸ் இல்லை.
signup-tables = ஒரு மேசைக்கு { $count } ஆட்டக்காரர்கள்
signup-points-places = இடத்தின்படி { $places }
signup-points-bye = ; ஆட்டமில்லாத சுற்றுக்கு (பை) { $points }
signup-tie-break = எதிராளிகளின் புள்ளிகள், பின் வெற்றிகள், பின் மதிப்பீடு
signup-late-none = தாமதமாகச் சேர முடியாது
signup-late-until = சுற்று { $round } வரை (தாமதமாக வருபவர்கள் அடுத்த சுற்றிலிருந்து ஆடுவார்கள்)
signup-late-arena = முடியும் வரை
signup-entrants = பங்கேற்பாளர்கள் ({ $count })
signup-entrants-checked = பங்கேற்பாளர்கள் ({ $count }, வருகை பதிவானவர்கள் { $checked })
signup-entrants-none = இன்னும் யாரும் இல்லை.
signup-entrants-more = மேலும் { $count } பேர்
signup-footer = போட்டிக்குள் விடுப்பு செல்லாது: முதல் முறையில் ஆடாதவரின் இடத்தில் அந்த மேசையில் கணினி ஆடும். போட்டி எண் { $id }
signup-button-join = சேர்
signup-button-leave = விலகு
signup-page = போட்டிப் பக்கம்
signup-button-check-in = வந்துவிட்டேன்
signup-minutes = { $count } { $count ->
    [one] நிமிடம்
   *[other] நிமிடங்கள்
  }
signup-seconds = { $count } { $count ->
    [one] விநாடி
   *[other] விநாடிகள்
  }

## எதையும் மாற்றாத பதிவுச் சொடுக்கு (தனிப்பட்டது)

signup-refused-over = இந்தப் போட்டி முடிந்துவிட்டது; அதன் பதிவு இனி மாறாது.
signup-refused-late = இந்தப் போட்டியில் தாமதமாகச் சேரும் நேரம் முடிந்துவிட்டது.
signup-refused-already-in = நீங்கள் ஏற்கெனவே பங்கேற்பாளர்.
signup-refused-full = இந்தப் போட்டி நிரம்பிவிட்டது.
signup-refused-not-in = நீங்கள் இந்தப் போட்டியின் பங்கேற்பாளர் அல்ல.
signup-refused-check-in-closed = வருகைப் பதிவு திறக்கவில்லை: அது தொடக்கத்துக்கு 10 நிமிடங்கள் முன் திறந்து தொடக்கத்தில் மூடும்.
signup-refused-checked-in = உங்கள் வருகை ஏற்கெனவே பதிவாகிவிட்டது.
signup-not-here = இந்தப் பொத்தான் இந்த அலைவரிசையின் போட்டிப் பதிவு அல்ல; எதுவும் மாறவில்லை.

## /thaayam tournament new

# Discord has no Tamil interface: its settings show this name in English.
permission-create-public-threads = Create Public Threads
tournament-not-in-server = போட்டிகள் பாட் சேர்க்கப்பட்ட சர்வரின் உரை அலைவரிசையில் நடக்கும்.
tournament-in-thread = போட்டியின் மேசைகள் அதன் அலைவரிசையின் இழைகள்: இழையில் அல்ல, உரை அலைவரிசையில் அதை அமையுங்கள்.
tournament-not-manager = போட்டியை அமைக்க Manage Server அனுமதி வேண்டும்.
tournament-missing-permissions = இந்த அலைவரிசையில் போட்டியை நடத்த முடியாது: இங்கே எனக்கு { $list } { $count ->
    [one] அனுமதி இல்லை. சர்வர் நிர்வாகி அதை
   *[other] அனுமதிகள் இல்லை. சர்வர் நிர்வாகி அவற்றை
  } எனக்கு வழங்கலாம் (இந்த அலைவரிசையின் அல்லது என் பங்கின் அமைப்புகளில்); பின் மீண்டும் முயலுங்கள்.
tournament-bad-name = போட்டியின் பெயரில் 1 முதல் { $most } எழுத்துகள் இருக்கும்.
tournament-bad-table = ஒரு மேசையில் { $least } முதல் { $most } ஆட்டக்காரர்கள் அமர்வார்கள்.
tournament-bad-rounds = சுவிஸ் முறையில் { $least } முதல் { $most } சுற்றுகள் இருக்கும்.
tournament-rounds-in-arena = அரங்க முறைக்குச் சுற்றுகள் இல்லை: அதன் நீளத்தை நிமிடங்களில் தாருங்கள் (`{ -opt-tournament-new-length }`).
tournament-bad-round-length = சுவிஸ் முறைச் சுற்று { $least } முதல் { $most } நிமிடங்கள் நீடிக்கும்.
tournament-bad-arena-length = அரங்க முறை { $least } முதல் { $most } நிமிடங்கள் நீடிக்கும்.
tournament-bad-turn-time = `{ $typed }` ஒரு முறைக்கான நேரம் அல்ல: `90s` அல்லது `2m` போல ஒரு எண்ணும் அலகும் எழுதுங்கள்.
tournament-turn-time-range = ஒரு முறை { $least } முதல் { $most } வரை நீடிக்கும்.
tournament-bad-start = `{ $typed }` ஒரு தொடக்க நேரம் அல்ல: இப்போதிலிருந்து நிமிடங்கள் (`30`), ஒரு கால அளவு (`2h`), ஒரு நேரம் (`20:30`, சர்வரின் நேர மண்டலத்தில்), ஒரு தேதியும் நேரமும் (`2026-12-24 20:30`) அல்லது Discord நேர முத்திரை எழுதுங்கள்.
tournament-start-range = போட்டி இப்போதிலிருந்து 1 நிமிடம் முதல் 30 நாட்களுக்குள் தொடங்கும்.
tournament-bad-late-join = தாமதமாக வருபவர்கள் முதல் சுற்றுக்குப் பின் 0 முதல் { $most } சுற்றுகள் வரை சேரலாம் (அதற்குப் பின் உள்ள சுற்றுகள்).
tournament-late-join-in-arena = அரங்க முறையில் அது முடியும் வரை சேரலாம்: அதற்கு `{ -opt-tournament-new-late_join }` இல்லை.
tournament-streak-in-swiss = தொடர் வெற்றிப் போனஸ் அரங்க முறைக்கு மட்டுமே: சுவிஸ் முறைக்கு அது இல்லை.
tournament-created = போட்டி எண் { $id }, **{ $name }**, பதிவுக்குத் திறந்துள்ளது: { $link }. அது { $start } தொடங்கும்.
tournament-not-posted = இந்த அலைவரிசையில் பதிவுச் செய்தியை இட முடியவில்லை (Discord செய்தியை மறுத்தது), எனவே போட்டி அமைக்கப்படவில்லை. நான் இந்த அலைவரிசையைப் பார்க்க, செய்திகள் அனுப்ப, இணைப்புகளை உட்பொதிக்க முடியுமா என்று சரிபார்த்து மீண்டும் முயலுங்கள்.
tournament-store-failed = போட்டியை இப்போது சேமிக்க முடியவில்லை (தரவுத்தளச் சிக்கல்); மீண்டும் முயலுங்கள்.

## /thaayam tournament show, cancel, withdraw

tournament-show-title = போட்டிகள்
tournament-none = இந்தச் சர்வரில் இன்னும் போட்டி இல்லை; `{ -cmd-tournament-new }` ஒன்றை அமைக்கும் (Manage Server).
tournament-show-line = **எண் { $id } { $name }**: { $phase } · { $entrants } · தொடக்கம் { $start } · { $link }
tournament-n-entrants = { $count } { $count ->
    [one] பங்கேற்பாளர்
   *[other] பங்கேற்பாளர்கள்
  }
tournament-phase-signup = பதிவு திறந்துள்ளது
tournament-phase-check-in = வருகைப் பதிவு திறந்துள்ளது
tournament-phase-starting = தொடங்குகிறது
tournament-phase-round = சுற்று { $round }
tournament-phase-arena = அரங்கு நடக்கிறது
tournament-phase-finished = முடிந்தது
tournament-phase-cancelled = ரத்து செய்யப்பட்டது
tournament-no-such = இந்தச் சர்வரில் போட்டி எண் { $id } இல்லை.
tournament-none-open = இந்த அலைவரிசையில் எந்தப் போட்டியும் திறந்திருக்கவில்லை. `{ -cmd-tournament-show }` இந்தச் சர்வரின் போட்டிகளைப் பட்டியலிடும்; `{ -opt-tournament-cancel-tournament }:<எண்>` என்று ஒன்றைக் குறிப்பிடுங்கள்.
tournament-cancel-over = போட்டி எண் { $id } ஏற்கெனவே முடிந்துவிட்டது; எதுவும் மாறவில்லை.
tournament-cancelled = போட்டி எண் { $id }, **{ $name }**, ரத்து செய்யப்பட்டது.
tournament-not-organiser = போட்டி எண் { $id } இன் அமைப்பாளரோ Manage Server அனுமதி உள்ளவரோ மட்டுமே அதை ரத்து செய்யலாம்.
tournament-withdrawn = போட்டி எண் { $id } இலிருந்து விலகிவிட்டீர்கள்: இனி உங்களை அமர்த்த மாட்டோம்; இதுவரையான உங்கள் முடிவுகள் நிலைக்கும்.
tournament-left = போட்டி எண் { $id } இலிருந்து விலகிவிட்டீர்கள்.
