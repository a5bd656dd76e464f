//! The tournament pages' texts (`tournaments/pages.rs`, `tournaments/tournament.js`).
//! Part of the one text table ([`super::text`]), namespace `tournaments`.

/// Keys whose text is the same in every language (proper names).
pub const SAME_EVERYWHERE: &[&str] = &["col.buchholz", "col.sb"];

/// Every key and its texts, `[en, vi, nl]`.
pub const TEXTS: &[(&str, [&str; 3])] = &[
    ("t.title", ["Tournaments", "Giải đấu", "Toernooien"]),
    (
        "t.lead",
        [
            "Round robin, Swiss or knockout, played here or on real boards: a class or a club \
             runs its contest with one link.",
            "Đấu vòng tròn, hệ Thụy Sĩ hay loại trực tiếp, chơi trên trang này hoặc trên bàn \
             thật: một lớp học hay câu lạc bộ tổ chức giải chỉ với một đường liên kết.",
            "Iedereen tegen iedereen, Zwitsers of afvalsysteem, hier gespeeld of op echte borden: \
             een klas of club houdt zijn wedstrijd met één link.",
        ],
    ),
    ("t.none", ["No tournaments yet.", "Chưa có giải đấu nào.", "Nog geen toernooien."]),
    ("t.create", ["Organise a tournament", "Tổ chức một giải đấu", "Een toernooi organiseren"]),
    ("t.name", ["Name of the tournament", "Tên giải đấu", "Naam van het toernooi"]),
    ("t.game", ["Game", "Trò chơi", "Spel"]),
    ("t.system", ["System", "Thể thức", "Systeem"]),
    ("sys.round_robin", ["Round robin", "Vòng tròn", "Iedereen tegen iedereen"]),
    ("sys.swiss", ["Swiss", "Hệ Thụy Sĩ", "Zwitsers"]),
    ("sys.knockout", ["Knockout", "Loại trực tiếp", "Afvalsysteem"]),
    ("t.rounds", ["Rounds (Swiss only)", "Số vòng (chỉ hệ Thụy Sĩ)", "Ronden (alleen Zwitsers)"]),
    ("t.format", ["Each pairing plays", "Mỗi cặp đấu chơi", "Elke paring speelt"]),
    ("fmt.game", ["one game", "một ván", "één partij"]),
    (
        "fmt.match",
        [
            "a match: first to six wins (Barbados Warri)",
            "một trận: ai thắng sáu ván trước (Barbados Warri)",
            "een match: wie eerst zes wint (Barbados Warri)",
        ],
    ),
    ("t.play", ["Played", "Chơi ở đâu", "Gespeeld"]),
    ("play.online", ["on this site", "trên trang này", "op deze site"]),
    (
        "play.board",
        [
            "on real boards (the organiser enters the results)",
            "trên bàn thật (ban tổ chức nhập kết quả)",
            "op echte borden (de organisator voert de uitslagen in)",
        ],
    ),
    (
        "t.clock",
        [
            "Clock: minutes for each player (empty: no clock)",
            "Đồng hồ: số phút cho mỗi người (để trống: không có)",
            "Klok: minuten per speler (leeg: geen klok)",
        ],
    ),
    ("t.starts", ["Start time", "Giờ bắt đầu", "Begintijd"]),
    ("t.submit", ["Create the tournament", "Tạo giải đấu", "Toernooi aanmaken"]),
    (
        "t.sign-in-first",
        [
            "Sign in to organise a tournament. Players can join without an account.",
            "Hãy đăng nhập để tổ chức giải. Người chơi tham gia được mà không cần tài khoản.",
            "Log in om een toernooi te organiseren. Spelers kunnen zonder account meedoen.",
        ],
    ),
    ("acc.name", ["Account name", "Tên tài khoản", "Accountnaam"]),
    ("acc.password", ["Password", "Mật khẩu", "Wachtwoord"]),
    ("acc.sign-in", ["Sign in", "Đăng nhập", "Inloggen"]),
    ("acc.register", ["Create an account", "Tạo tài khoản", "Account aanmaken"]),
    ("acc.signed-in", ["Signed in as {name}.", "Đã đăng nhập: {name}.", "Ingelogd als {name}."]),
    ("t.players", ["Players", "Người chơi", "Spelers"]),
    ("t.join", ["Join", "Tham gia", "Meedoen"]),
    ("t.your-name", ["Your name", "Tên của bạn", "Je naam"]),
    (
        "t.joined",
        [
            "You are player {number}: {name}.",
            "Bạn là người chơi số {number}: {name}.",
            "Je bent speler {number}: {name}.",
        ],
    ),
    (
        "t.share",
        [
            "Share this link with the players:",
            "Gửi liên kết này cho người chơi:",
            "Deel deze link met de spelers:",
        ],
    ),
    ("t.copy", ["Copy the link", "Chép liên kết", "Link kopiëren"]),
    ("t.copied", ["Copied.", "Đã chép.", "Gekopieerd."]),
    (
        "t.qr-alt",
        [
            "QR code of the link to join the tournament",
            "Mã QR của liên kết để tham gia giải",
            "QR-code van de link om mee te doen aan het toernooi",
        ],
    ),
    ("t.start-round", ["Start round {n}", "Bắt đầu vòng {n}", "Ronde {n} starten"]),
    ("t.round", ["Round {n}", "Vòng {n}", "Ronde {n}"]),
    ("t.board", ["Board", "Bàn", "Bord"]),
    ("t.pairing", ["Pairing", "Cặp đấu", "Paring"]),
    ("t.bye", ["bye (a point)", "miễn đấu (một điểm)", "vrij (een punt)"]),
    ("t.result", ["Result", "Kết quả", "Uitslag"]),
    ("res.first", ["{name} won", "{name} thắng", "{name} heeft gewonnen"]),
    ("res.draw", ["drawn", "hòa", "remise"]),
    ("res.none", ["being played", "đang chơi", "wordt gespeeld"]),
    ("res.entered", ["(entered)", "(đã nhập)", "(ingevoerd)"]),
    ("t.enter", ["Enter the result", "Nhập kết quả", "Uitslag invoeren"]),
    ("t.choose", ["choose…", "chọn…", "kies…"]),
    ("t.play-game", ["Play your game", "Chơi ván của bạn", "Speel je partij"]),
    ("t.watch", ["watch", "xem", "kijken"]),
    ("t.standings", ["Standings", "Bảng xếp hạng", "Stand"]),
    ("col.rank", ["Place", "Hạng", "Plaats"]),
    ("col.player", ["Player", "Người chơi", "Speler"]),
    ("col.points", ["Points", "Điểm", "Punten"]),
    ("col.buchholz", ["Buchholz", "Buchholz", "Buchholz"]),
    ("col.sb", ["Sonneborn-Berger", "Sonneborn-Berger", "Sonneborn-Berger"]),
    ("col.wins", ["Wins", "Thắng", "Winst"]),
    ("col.played", ["Games", "Số ván", "Partijen"]),
    (
        "t.tiebreaks",
        [
            "Equal points are separated by Buchholz (the points of one's opponents), then by \
             Sonneborn-Berger (the points of the opponents one beat, half of those one drew \
             with), then by wins.",
            "Bằng điểm thì xét Buchholz (tổng điểm của các đối thủ), rồi Sonneborn-Berger (điểm \
             của các đối thủ mình thắng, cộng nửa điểm của các đối thủ hòa), rồi số ván thắng.",
            "Bij gelijke punten beslist Buchholz (de punten van je tegenstanders), dan \
             Sonneborn-Berger (de punten van wie je versloeg, de helft van wie remise speelde), \
             dan het aantal overwinningen.",
        ],
    ),
    ("t.remove", ["Remove {name}", "Xóa {name}", "{name} verwijderen"]),
    ("t.withdrawn", ["withdrawn", "đã rút lui", "teruggetrokken"]),
    ("st.registering", ["Registration is open", "Đang mở đăng ký", "De inschrijving is open"]),
    ("st.playing", ["Round {n} of {total}", "Vòng {n} trên {total}", "Ronde {n} van {total}"]),
    ("st.under-way", ["Being played", "Đang diễn ra", "Bezig"]),
    ("st.finished", ["Finished", "Đã kết thúc", "Afgelopen"]),
    ("t.winner", ["Winner: {name}", "Người thắng: {name}", "Winnaar: {name}"]),
    ("t.organiser", ["Organiser: {name}", "Ban tổ chức: {name}", "Organisator: {name}"]),
    ("t.open", ["Open", "Mở", "Openen"]),
    ("t.starts-at", ["Starts {time}", "Bắt đầu lúc {time}", "Begint {time}"]),
    ("t.players-count", ["{n} players", "{n} người chơi", "{n} spelers"]),
    (
        "err.not_organiser",
        [
            "Only the organiser can do that.",
            "Chỉ ban tổ chức mới làm được việc này.",
            "Alleen de organisator kan dat doen.",
        ],
    ),
    (
        "err.registration_closed",
        [
            "The tournament has started: registration is closed.",
            "Giải đã bắt đầu: không thể đăng ký nữa.",
            "Het toernooi is begonnen: de inschrijving is gesloten.",
        ],
    ),
    (
        "err.name_taken",
        [
            "A player with that name is already registered: choose another.",
            "Đã có người chơi tên này: hãy chọn tên khác.",
            "Er speelt al iemand met die naam: kies een andere.",
        ],
    ),
    (
        "err.bad_name",
        [
            "A name of 1 to 20 characters is needed.",
            "Cần một tên dài từ 1 đến 20 ký tự.",
            "Een naam van 1 tot 20 tekens is nodig.",
        ],
    ),
    (
        "err.round_unfinished",
        [
            "Some games of this round have no result yet.",
            "Một số ván của vòng này chưa có kết quả.",
            "Sommige partijen van deze ronde hebben nog geen uitslag.",
        ],
    ),
    (
        "err.too_few_players",
        [
            "At least two players are needed.",
            "Cần ít nhất hai người chơi.",
            "Er zijn minstens twee spelers nodig.",
        ],
    ),
    (
        "err.too_many_rounds",
        [
            "Too many rounds for so few players: nobody may meet twice.",
            "Quá nhiều vòng cho số người chơi này: không ai được gặp nhau hai lần.",
            "Te veel ronden voor zo weinig spelers: niemand mag twee keer tegen dezelfde spelen.",
        ],
    ),
    (
        "err.account_name",
        [
            "That is a registered player's name (or looks like it): choose a name of your own, or sign in.",
            "Tên này là của một người chơi đã đăng ký (hoặc trông giống): hãy chọn tên khác, hoặc đăng nhập.",
            "Dat is de naam van een geregistreerde speler (of lijkt erop): kies een eigen naam, of log in.",
        ],
    ),
    (
        "err.too_many_tournaments",
        [
            "You already organise four tournaments that are not over: finish one first.",
            "Bạn đang tổ chức bốn giải chưa kết thúc: hãy hoàn thành một giải trước.",
            "Je organiseert al vier toernooien die nog niet klaar zijn: rond er eerst een af.",
        ],
    ),
    (
        "err.too_many_games",
        [
            "Your address has started as many games as it may this hour: try again later.",
            "Địa chỉ của bạn đã tạo đủ số ván cho phép trong giờ này: hãy thử lại sau.",
            "Je adres heeft dit uur al zoveel partijen gemaakt als mag: probeer het later opnieuw.",
        ],
    ),
    (
        "err.other",
        ["Something went wrong: {message}", "Có lỗi: {message}", "Er ging iets mis: {message}"],
    ),
];
