# கட்டளைகளின் சொற்கள் (தரவரிசை, பதிவு, வரலாறு, அமைப்புகள், உதவி,
# விதிகள், பதில்கள்), தமிழில்.

## /thaayam leaderboard, stats, history

rating-meaning = மதிப்பீடு = திறன் மதிப்பீடு கழித்தல் அதன் நிச்சயமின்மையின் மூன்று மடங்கு (Weng-Lin/OpenSkill): எல்லோரும் 0 இல் தொடங்குவர்; வெற்றிகளாலும் ஆடிய ஆட்டங்களாலும் அது உயரும்.
n-games = { $count ->
    [one] { $count } ஆட்டம்
   *[other] { $count } ஆட்டங்கள்
  }
n-wins = { $count ->
    [one] { $count } வெற்றி
   *[other] { $count } வெற்றிகள்
  }
leaderboard-empty = இந்தச் சர்வரில் யாரும் இன்னும் { $variant } இன் { $count } தரவரிசை ஆட்டங்களை முடிக்கவில்லை. `/thaayam new` மூலம் ஒன்றைத் தொடங்குங்கள்.
leaderboard-line = **{ $rank }.** { $who } **{ $rating }** · { $games } · { $wins } · சராசரி இடம் { $place }
leaderboard-newcomers = இன்னும் தரவரிசையில் இல்லை ({ $count } ஆட்டங்களுக்குக் குறைவு): { $names }
leaderboard-footer = { $meaning } { $count } ஆட்டங்களுக்குப் பிறகு ஆட்டக்காரர்கள் பட்டியலில் வருவர்.
leaderboard-title = தரவரிசை: { $variant }
stats-none = { $who } இந்தச் சர்வரில் இன்னும் ஒரு ஆட்டத்தையும் முடிக்கவில்லை.
stats-all = இந்தச் சர்வரில் { $who } இன் பதிவு: மொத்தம் { $games }, { $wins }.
stats-title = தாயம் பதிவு
stats-variant = மதிப்பீடு **{ $rating }** (μ { $mu }, σ { $sigma })
    { $games } · { $wins } ({ $percent }%)
    சராசரி இடம் { $place }
    தொடர் வெற்றிகள் { $streak } (சிறந்தது { $best })
stats-listed-after = { $count } ஆட்டங்களுக்குப் பிறகு தரவரிசையில் வரும்
history-no-winner = வென்றவர் இல்லை
history-won-by = வென்றவர் { $names }
history-none = இந்த அலைவரிசையில் இன்னும் எந்த ஆட்டமும் முடிவு வரை ஆடப்படவில்லை. `/thaayam new` மூலம் ஒன்றைத் தொடங்குங்கள்.
history-footer = ஒரு ஆட்டத்தை மீண்டும் பார்க்க /thaayam replay, எ.கா. game:{ $game }
history-title = இந்த அலைவரிசையில் முடிந்த ஆட்டங்கள்

## /thaayam settings

settings-bad-language = `{ $typed }` என்ற மொழி இங்கு இல்லை. பாட் பேசும் மொழிகள்: { $known }; `auto` என்றால் Discord இல் சர்வரின் மொழி.
settings-not-manager = **Manage Server** அனுமதி உள்ளவர்கள் மட்டுமே இந்த அமைப்புகளை மாற்ற முடியும். பார்க்க மட்டும் `/thaayam settings` ஐ விருப்பங்கள் இன்றி அழையுங்கள்.
settings-bad-timeout = ஒரு முறைக்கான நேரம் புரியவில்லை: { $error }.
settings-long-timeout = ஒரு முறைக்கான நேரம் `{ $typed }` மிக நீளமானது.
settings-end-host = ஆட்டத்தின் நடத்துநர், அல்லது ஒரு மட்டுறுத்துநர் (Manage Messages)
settings-end-moderators = மட்டுறுத்துநர்கள் மட்டும் (Manage Messages)
settings-saved = சேமிக்கப்பட்டது. இந்தச் சர்வரின் புதிய ஆட்டங்கள் இந்த அமைப்புகளுடன் தொடங்கும்.
settings-shown = இந்தச் சர்வரின் புதிய ஆட்டங்கள் இந்த அமைப்புகளுடன் தொடங்கும் (`/thaayam new` வேறு தேர்வுகளைச் செய்யலாம்).
settings-footer-manager = மாற்ற: /thaayam settings variant:… turn_timeout:12h end_permission:… language:…
settings-footer = Manage Server அனுமதி உள்ளவர்கள் /thaayam settings மூலம் இவற்றை மாற்றலாம்.
settings-language-auto = { $name } (Discord இல் சர்வரின் மொழி)
settings-title = இந்தச் சர்வரின் தாயம் அமைப்புகள்
settings-rules = இயல்பான விதிகள்
settings-timeout = ஒரு முறைக்கான நேரம்
settings-end = ஆட்டத்தை யார் நிறுத்தலாம்
settings-language = மொழி
