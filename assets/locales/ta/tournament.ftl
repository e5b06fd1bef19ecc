# The words of tournaments as they run (threads, tables, standings, the podium). Every language has the same keys.

tournament-thread = சுற்று { $round } · மேசை { $table }
tournament-table-opening = **{ $name }**, சுற்று { $round } / { $rounds }, மேசை { $table }: { $players }. இடத்துக்கேற்ற புள்ளிகள்: { $points }. உங்கள் முதல் முறையை நேரத்துக்குள் ஆடுங்கள்; இல்லையெனில் இந்த மேசையில் உங்கள் இடத்தில் கணினி ஆடும், உங்களுக்குக் கடைசி இடம். போட்டியில் விடுப்பு நேரம் கணக்கில் இல்லை.
tournament-round-started = **{ $name }**: சுற்று { $round } / { $rounds } தொடங்குகிறது, { $tables ->
    [one] ஒரு மேசை
   *[other] { $tables } மேசைகள்
}, ஒவ்வொன்றும் தனித் திரியில்.
tournament-bye = { $who } இந்தச் சுற்றில் ஆட்டமின்றி முன்னேறுகிறார் ({ $points } புள்ளிகள்).
tournament-decided = இந்த ஆட்டம் முடியும் முன் சுற்றின் கெடு வந்துவிட்டது: எதிர்பார்க்கும் புள்ளிகளால் (வல்லுநர் கணினி மதிப்பிட்ட ஒவ்வொரு இடத்துக்கான வாய்ப்பு) மேசை முடிவாகிறது.
tournament-decided-line = { $who }: எதிர்பார்க்கும் புள்ளிகள் { $points }
tournament-standings-title = { $name }: நிலைப் பட்டியல்
tournament-standing = { $place }. { $who }: **{ $points }** புள்ளிகள் · { $games ->
    [one] { $games } ஆட்டம்
   *[other] { $games } ஆட்டங்கள்
} · { $wins ->
    [one] { $wins } வெற்றி
   *[other] { $wins } வெற்றிகள்
} · சமநிலை முறி { $tiebreak }
tournament-standing-byes = { " " }· { $byes } ஆட்டமில்லா முன்னேற்றம்
tournament-standing-withdrawn = { " " }· விலகினார்
tournament-standings-after = சுற்று { $round } / { $rounds } முடிவில்.
tournament-standings-final = இறுதி, { $rounds } சுற்றுகளுக்குப் பின்.
tournament-standings-rule = { " " }சமநிலையில்: எதிராளிகளின் புள்ளிகள், பின் வெற்றிகள், பின் மதிப்பீடு.
tournament-standings-estimated = { " " }≈: சுற்றின் கெடுவில் முடிவான மேசையின் எதிர்பார்க்கும் புள்ளிகள் அடங்கும்.
tournament-podium = 🏆 **{ $name }** முடிந்தது. வெற்றி மேடை:
tournament-podium-place = { $medal } { $who }: { $points } புள்ளிகள்
tournament-arena-thread = ஆட்டம் { $table }
tournament-arena-bonus = { " " }தொடர் வெற்றிப் போனஸ்: தொடர்ந்து இரண்டு வெற்றிகளுக்குப் பின் ஒவ்வொரு அடுத்த வெற்றிக்கும் இரு மடங்கு புள்ளிகள்.
tournament-arena-table-opening = **{ $name }** (அரங்கு), ஆட்டம் { $table }: { $players }. இடத்துக்கேற்ற புள்ளிகள்: { $points }.{ $bonus } அரங்கு { $ends } முடிகிறது; இந்த ஆட்டம் முடிந்ததும் மற்றவர்கள் காத்திருந்தால் உடனே மீண்டும் அமர்த்தப்படுவீர்கள். உங்கள் முதல் முறையை நேரத்துக்குள் ஆடுங்கள்; இல்லையெனில் இந்த மேசையில் உங்கள் இடத்தில் கணினி ஆடும், உங்களுக்குக் கடைசி இடம். போட்டியில் விடுப்பு நேரம் கணக்கில் இல்லை.
tournament-arena-open = **{ $name }**: அரங்கு { $ends } வரை திறந்திருக்கிறது, { $size } பேர் மேசைகள் (இடத்துக்கேற்ற புள்ளிகள்: { $points }).{ $bonus } ஆட்டத்தை முடித்தவர் மற்றவர்கள் காத்திருந்தால் உடனே மீண்டும் அமர்த்தப்படுவார், ஒவ்வொரு மேசையும் தனி இழையில்; முடிவில் நடந்துகொண்டிருக்கும் ஆட்டம் எதிர்பார்க்கும் புள்ளிகளால் முடிவாகும்.
tournament-arena-decided = இந்த ஆட்டம் முடியும் முன் அரங்கு முடிந்துவிட்டது: எதிர்பார்க்கும் புள்ளிகளால் (வல்லுநர் கணினி மதிப்பிட்ட ஒவ்வொரு இடத்துக்கான வாய்ப்பு) மேசை முடிவாகிறது.
tournament-standings-arena = அரங்கு { $ends } முடிகிறது.
tournament-standings-arena-final = இறுதி: அரங்கு முடிந்தது.
