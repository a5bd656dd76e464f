//! The class pages' texts (`classes/pages.rs`, `classes/classes.js`).
//! Part of the one text table ([`super::text`]), namespace `classes`.

/// Every key and its texts, `[en, vi, nl]`.
pub const TEXTS: &[(&str, [&str; 3])] = &[
    ("cl.title", ["Classes", "Lớp học", "Klassen"]),
    (
        "cl.for-teachers",
        [
            "Teachers: run a class. Pupils join with a first name, and you follow their lessons, \
             puzzles and games and start a class tournament with one click.",
            "Dành cho giáo viên: mở một lớp học. Học sinh vào lớp chỉ với tên gọi, và bạn theo dõi \
             bài học, câu đố, ván đấu của các em và bắt đầu giải đấu của lớp chỉ với một cú nhấp.",
            "Voor leerkrachten: begin een klas. Leerlingen doen mee met hun voornaam, en jij volgt \
             hun lessen, puzzels en partijen en start met één klik een klassentoernooi.",
        ],
    ),
    (
        "cl.lead",
        [
            "A teacher makes a class and shows its code; pupils join with a first name only, on \
             their own device or taking turns at a school computer.",
            "Giáo viên tạo một lớp và cho xem mã lớp; học sinh vào lớp chỉ với tên gọi, trên máy \
             của mình hoặc lần lượt trên một máy tính của trường.",
            "Een leerkracht maakt een klas en laat de code zien; leerlingen doen mee met alleen \
             hun voornaam, op hun eigen apparaat of om beurten op een schoolcomputer.",
        ],
    ),
    (
        "cl.sign-in-first",
        [
            "Teachers sign in (or register) to make a class. Pupils need no account.",
            "Giáo viên đăng nhập (hoặc đăng ký) để tạo lớp. Học sinh không cần tài khoản.",
            "Leerkrachten melden zich aan (of registreren) om een klas te maken. Leerlingen \
             hebben geen account nodig.",
        ],
    ),
    ("cl.account", ["Account name", "Tên tài khoản", "Accountnaam"]),
    ("cl.password", ["Password", "Mật khẩu", "Wachtwoord"]),
    ("cl.account-sign-in", ["Sign in", "Đăng nhập", "Aanmelden"]),
    ("cl.register", ["Register", "Đăng ký", "Registreren"]),
    ("cl.join-title", ["Join a class", "Vào một lớp", "Meedoen met een klas"]),
    ("cl.code", ["Class code", "Mã lớp", "Klascode"]),
    ("cl.join", ["Join", "Vào lớp", "Meedoen"]),
    ("cl.mine", ["Your classes", "Các lớp của bạn", "Je klassen"]),
    ("cl.none", ["No classes yet.", "Chưa có lớp nào.", "Nog geen klassen."]),
    ("cl.create", ["Make a class", "Tạo một lớp", "Een klas maken"]),
    ("cl.name", ["Name of the class", "Tên lớp", "Naam van de klas"]),
    ("cl.game", ["Game", "Trò chơi", "Spel"]),
    ("cl.make", ["Make the class", "Tạo lớp", "Klas maken"]),
    ("cl.pupils-count", ["{n} pupils", "{n} học sinh", "{n} leerlingen"]),
    (
        "cl.pupil-account",
        [
            "You are signed in as a pupil of {class}.",
            "Bạn đang đăng nhập với tư cách học sinh của lớp {class}.",
            "Je bent aangemeld als leerling van {class}.",
        ],
    ),
    ("cl.to-class", ["Go to your class", "Đến lớp của bạn", "Naar je klas"]),
    // The teacher's page.
    (
        "cl.join-at",
        [
            "Pupils open this link, or scan the QR code, or type the code at {site}/classes:",
            "Học sinh mở đường liên kết này, hoặc quét mã QR, hoặc gõ mã lớp tại {site}/classes:",
            "Leerlingen openen deze link, scannen de QR-code of typen de code op {site}/classes:",
        ],
    ),
    ("cl.copy", ["Copy the link", "Sao chép liên kết", "Link kopiëren"]),
    ("cl.copied", ["Copied", "Đã sao chép", "Gekopieerd"]),
    ("cl.qr", ["QR code of the join link", "Mã QR của liên kết vào lớp", "QR-code van de link"]),
    ("cl.roster", ["Pupils", "Học sinh", "Leerlingen"]),
    (
        "cl.no-pupils",
        [
            "No pupils yet: show them the code or the QR code.",
            "Chưa có học sinh nào: hãy cho các em xem mã lớp hoặc mã QR.",
            "Nog geen leerlingen: laat ze de code of de QR-code zien.",
        ],
    ),
    ("col.name", ["First name", "Tên", "Voornaam"]),
    ("col.code", ["Pupil code", "Mã học sinh", "Leerlingcode"]),
    ("col.lessons", ["Lessons done", "Bài học xong", "Lessen af"]),
    ("col.puzzles", ["Puzzles solved", "Câu đố đã giải", "Puzzels opgelost"]),
    ("col.rating", ["Rating", "Hệ số", "Rating"]),
    ("col.games", ["Games", "Ván đấu", "Partijen"]),
    ("col.seen", ["Last seen", "Lần cuối", "Laatst gezien"]),
    ("col.actions", ["Actions", "Thao tác", "Acties"]),
    ("cl.here", ["here now", "đang ở đây", "nu hier"]),
    ("cl.just-now", ["just now", "vừa xong", "zojuist"]),
    ("cl.minutes-ago", ["{n} min ago", "{n} phút trước", "{n} min geleden"]),
    ("cl.hours-ago", ["{n} h ago", "{n} giờ trước", "{n} uur geleden"]),
    ("cl.days-ago", ["{n} days ago", "{n} ngày trước", "{n} dagen geleden"]),
    ("res.won", ["won", "thắng", "gewonnen"]),
    ("res.lost", ["lost", "thua", "verloren"]),
    ("res.draw", ["draw", "hòa", "remise"]),
    ("res.playing", ["playing", "đang chơi", "bezig"]),
    ("cl.vs", ["against {name}", "với {name}", "tegen {name}"]),
    ("cl.new-code", ["New code", "Mã mới", "Nieuwe code"]),
    (
        "cl.new-code-confirm",
        [
            "Give {name} a new pupil code? The old one stops working and {name} is signed out \
             on every device.",
            "Cấp mã học sinh mới cho {name}? Mã cũ sẽ không dùng được nữa và {name} bị đăng xuất \
             trên mọi thiết bị.",
            "{name} een nieuwe leerlingcode geven? De oude werkt dan niet meer en {name} wordt \
             op elk apparaat afgemeld.",
        ],
    ),
    ("cl.remove", ["Remove", "Xóa", "Verwijderen"]),
    (
        "cl.remove-confirm",
        [
            "Remove {name} from the class? This deletes {name}'s account, lessons, puzzles and \
             ratings; their games stay, under “deleted player”.",
            "Xóa {name} khỏi lớp? Thao tác này xóa tài khoản, bài học, câu đố và hệ số của {name}; \
             các ván đấu vẫn còn, dưới tên “người chơi đã xóa”.",
            "{name} uit de klas verwijderen? Dit wist het account, de lessen, puzzels en ratings \
             van {name}; de partijen blijven, onder „verwijderde speler”.",
        ],
    ),
    ("cl.cancel", ["Cancel", "Hủy", "Annuleren"]),
    ("cl.tournament", ["Class tournament", "Giải đấu của lớp", "Klassentoernooi"]),
    (
        "cl.tournament-lead",
        [
            "Starts at once with the pupils ticked (those here now are ticked for you): the first \
             round is paired and each pupil is taken to their game.",
            "Bắt đầu ngay với các học sinh được đánh dấu (các em đang ở đây đã được đánh dấu sẵn): \
             vòng đầu được xếp cặp và mỗi em được đưa đến ván của mình.",
            "Begint meteen met de aangevinkte leerlingen (wie nu hier is, is al aangevinkt): de \
             eerste ronde wordt ingedeeld en elke leerling gaat naar zijn partij.",
        ],
    ),
    ("cl.system", ["System", "Thể thức", "Systeem"]),
    ("cl.rounds", ["Rounds (Swiss)", "Số vòng (hệ Thụy Sĩ)", "Ronden (Zwitsers)"]),
    ("cl.start", ["Start the tournament", "Bắt đầu giải đấu", "Toernooi starten"]),
    ("cl.latest", ["Latest tournament", "Giải đấu gần nhất", "Laatste toernooi"]),
    ("cl.open-tournament", ["Open it", "Mở giải", "Openen"]),
    // The pupils' page.
    (
        "cl.unknown-code",
        [
            "No class has this code. Check it with your teacher.",
            "Không có lớp nào có mã này. Hãy hỏi lại giáo viên.",
            "Geen klas heeft deze code. Vraag het na bij je leerkracht.",
        ],
    ),
    ("cl.who", ["Who is playing?", "Ai đang chơi?", "Wie speelt er?"]),
    (
        "cl.who-lead",
        [
            "Pupils who joined on this device: pick your name.",
            "Các học sinh đã vào lớp trên thiết bị này: hãy chọn tên của em.",
            "Leerlingen die op dit apparaat meededen: kies je naam.",
        ],
    ),
    (
        "cl.new-pupil",
        [
            "New here? Type your first name.",
            "Lần đầu vào lớp? Hãy gõ tên của em.",
            "Nieuw hier? Typ je voornaam.",
        ],
    ),
    ("cl.first-name", ["First name", "Tên", "Voornaam"]),
    ("cl.join-as", ["Join the class", "Vào lớp", "Meedoen"]),
    (
        "cl.other-device",
        [
            "Joined on another device? Type your pupil code (your teacher has it).",
            "Đã vào lớp trên thiết bị khác? Hãy gõ mã học sinh của em (giáo viên có mã này).",
            "Op een ander apparaat meegedaan? Typ je leerlingcode (je leerkracht heeft hem).",
        ],
    ),
    ("cl.pupil-code", ["Pupil code", "Mã học sinh", "Leerlingcode"]),
    ("cl.sign-in", ["Sign in", "Đăng nhập", "Aanmelden"]),
    ("cl.hello", ["Hello, {name}!", "Chào {name}!", "Hallo, {name}!"]),
    ("cl.in-class", ["You are in the class {class}.", "Em đang ở lớp {class}.", "Je zit in de klas {class}."]),
    (
        "cl.your-code",
        [
            "Your pupil code, for another device: {code}",
            "Mã học sinh của em, để dùng trên thiết bị khác: {code}",
            "Je leerlingcode, voor een ander apparaat: {code}",
        ],
    ),
    ("cl.learn", ["Lessons", "Bài học", "Lessen"]),
    ("cl.puzzles", ["Puzzles", "Câu đố", "Puzzels"]),
    ("cl.play", ["Play the computer", "Chơi với máy", "Tegen de computer"]),
    (
        "cl.waiting",
        [
            "When your teacher starts a tournament, this page takes you to it.",
            "Khi giáo viên bắt đầu một giải đấu, trang này sẽ đưa em đến đó.",
            "Als je leerkracht een toernooi start, brengt deze pagina je erheen.",
        ],
    ),
    ("cl.switch", ["Not you? Switch pupil", "Không phải em? Đổi học sinh", "Niet jij? Wissel van leerling"]),
    (
        "cl.other-class",
        [
            "You are signed in as {account}, who is not in this class: joining signs you in as \
             the pupil instead on this device.",
            "Bạn đang đăng nhập là {account}, không thuộc lớp này: vào lớp sẽ đăng nhập bằng học \
             sinh đó trên thiết bị này.",
            "Je bent aangemeld als {account}, die niet in deze klas zit: meedoen meldt je op dit \
             apparaat in plaats daarvan aan als de leerling.",
        ],
    ),
    // Errors the API answers, by code.
    (
        "err.unknown_code",
        [
            "No class or pupil has that code: check it with your teacher.",
            "Không có lớp hay học sinh nào có mã đó: hãy hỏi lại giáo viên.",
            "Geen klas of leerling heeft die code: vraag het na bij je leerkracht.",
        ],
    ),
    (
        "err.name_taken",
        [
            "The class already has a pupil of that name: if it is you, pick your name above or \
             use your pupil code; if not, add an initial (such as “Ama B”).",
            "Lớp đã có một học sinh tên này: nếu là em, hãy chọn tên ở trên hoặc dùng mã học sinh; \
             nếu không, hãy thêm một chữ cái (ví dụ “Ama B”).",
            "De klas heeft al een leerling met die naam: ben jij het, kies dan je naam hierboven \
             of gebruik je leerlingcode; zo niet, voeg een initiaal toe (zoals „Ama B”).",
        ],
    ),
    (
        "err.bad_name",
        [
            "A first name is 1 to 20 letters (spaces, “-” and “'” between them), no digits.",
            "Tên gồm 1 đến 20 chữ cái (có thể có dấu cách, “-” và “'” ở giữa), không có chữ số.",
            "Een voornaam is 1 tot 20 letters (met spaties, „-” en „'” ertussen), zonder cijfers.",
        ],
    ),
    (
        "err.class_full",
        [
            "The class is full: ask your teacher.",
            "Lớp đã đủ học sinh: hãy hỏi giáo viên.",
            "De klas is vol: vraag het je leerkracht.",
        ],
    ),
    (
        "err.too_few_pupils",
        [
            "A tournament needs at least two pupils ticked.",
            "Giải đấu cần ít nhất hai học sinh được đánh dấu.",
            "Een toernooi heeft minstens twee aangevinkte leerlingen nodig.",
        ],
    ),
    (
        "err.too_many_attempts",
        [
            "Too many tries from this address: wait a minute and try again.",
            "Quá nhiều lần thử từ địa chỉ này: hãy đợi một phút rồi thử lại.",
            "Te veel pogingen vanaf dit adres: wacht een minuut en probeer het opnieuw.",
        ],
    ),
    (
        "err.not_teacher",
        [
            "Only the class's teacher may see this page.",
            "Chỉ giáo viên của lớp mới xem được trang này.",
            "Alleen de leerkracht van de klas mag deze pagina zien.",
        ],
    ),
    (
        "err.not_signed_in",
        [
            "Sign in first (the teacher's account).",
            "Hãy đăng nhập trước (tài khoản của giáo viên).",
            "Meld je eerst aan (het account van de leerkracht).",
        ],
    ),
];
