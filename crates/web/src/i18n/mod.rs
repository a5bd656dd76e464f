//! Interface text in English, Vietnamese and Dutch. Every key has all three
//! (a test checks it, and that no Vietnamese or Dutch text is left equal to
//! the English one, proper names aside). Templates use `{name}` holes.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    En,
    Vi,
    Nl,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Vi, Lang::Nl];

    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Vi => "vi",
            Lang::Nl => "nl",
        }
    }

    /// The language's own name, as shown in the language switch.
    pub fn own_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Vi => "Tiếng Việt",
            Lang::Nl => "Nederlands",
        }
    }

    pub fn from_code(code: &str) -> Option<Lang> {
        let code = code.trim().to_ascii_lowercase();
        let primary = code.split(['-', '_']).next().unwrap_or("");
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// The best language for an `Accept-Language` header (English if none
    /// of ours is named).
    pub fn negotiate(header: &str) -> Lang {
        let mut best: Option<(f32, Lang)> = None;
        for item in header.split(',') {
            let mut parts = item.split(';');
            let tag = parts.next().unwrap_or("").trim();
            let q = parts
                .find_map(|p| p.trim().strip_prefix("q=").and_then(|q| q.parse::<f32>().ok()))
                .unwrap_or(1.0);
            // q=0 means "not this one".
            if let (Some(lang), true) = (Lang::from_code(tag), q > 0.0) {
                if best.is_none_or(|(bq, _)| q > bq) {
                    best = Some((q, lang));
                }
            }
        }
        best.map_or(Lang::En, |(_, l)| l)
    }

    /// The language's place in a `[en, vi, nl]` text.
    pub fn index(self) -> usize {
        self as usize
    }
}

pub mod classes;
pub mod compositions;
pub mod diagram;
pub mod puzzles;
pub mod tournaments;

/// A part of the text table: keys and their texts, `[en, vi, nl]`.
pub type Texts = &'static [(&'static str, [&'static str; 3])];

/// The one text table, in parts by namespace: the interface's common texts
/// and the rules pages' section titles (namespace `""`, read by [`t`]), and
/// each feature's own (read by [`text`] with its namespace), so that a
/// feature's `err.name_taken` can say what its own form needs. A key is
/// unique within its namespace (a test checks it, and that every key has
/// its three languages and every key the code asks for exists).
pub const TABLE: &[(&str, Texts)] = &[
    ("", TEXTS),
    ("", mancala_content::SECTION_TITLES),
    ("classes", classes::TEXTS),
    ("compositions", compositions::TEXTS),
    ("diagram", diagram::TEXTS),
    ("puzzles", puzzles::TEXTS),
    ("tournaments", tournaments::TEXTS),
];

/// [`TABLE`] indexed by namespace and key, built once.
static INDEX: std::sync::LazyLock<
    std::collections::HashMap<(&'static str, &'static str), &'static [&'static str; 3]>,
> = std::sync::LazyLock::new(|| {
    TABLE
        .iter()
        .flat_map(|(space, texts)| texts.iter().map(move |(key, t)| ((*space, *key), t)))
        .collect()
});

/// The text of `key` in namespace `space`, in `lang`; `None` if there is
/// none.
pub fn lookup(lang: Lang, space: &str, key: &str) -> Option<&'static str> {
    INDEX.get(&(space, key)).map(|texts| texts[lang.index()])
}

/// The text of `key` in namespace `space`, in `lang`. A key that is not
/// in the table (a test makes sure the code asks for none) shows as
/// itself, and is logged, rather than as nothing.
pub fn text(lang: Lang, space: &str, key: &str) -> &'static str {
    lookup(lang, space, key).unwrap_or_else(|| missing(space, key))
}

/// A missing key as its own text: logged and kept once (the keys the code
/// asks for are finite), so that it is found, not shown as nothing.
#[cold]
fn missing(space: &str, key: &str) -> &'static str {
    static SHOWN: std::sync::Mutex<std::collections::BTreeSet<&'static str>> =
        std::sync::Mutex::new(std::collections::BTreeSet::new());
    let mut shown = SHOWN.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(known) = shown.get(key) {
        return known;
    }
    tracing::warn!(space, key, "no such text");
    let leaked: &'static str = Box::leak(key.to_string().into_boxed_str());
    shown.insert(leaked);
    leaked
}

/// The text of a common `key` in `lang` (namespace `""`); the rules pages'
/// section titles (`sec.*`) come from [`mancala_content::SECTION_TITLES`],
/// with the pages themselves.
pub fn t(lang: Lang, key: &str) -> &'static str {
    text(lang, "", key)
}

/// A namespace's keys and texts in `lang`, for a page's script.
pub fn entries(lang: Lang, space: &str) -> impl Iterator<Item = (&'static str, &'static str)> + '_ {
    TABLE
        .iter()
        .filter(move |(s, _)| *s == space)
        .flat_map(|(_, texts)| texts.iter())
        .map(move |(key, t)| (*key, t[lang.index()]))
}

/// A game's name in `lang`: the ruleset's own, which is a proper name,
/// except where the name says something in English ("Anywoli (by lot)"):
/// then its `game.ID` text.
pub fn game_name(lang: Lang, ruleset: &mancala_rules::Ruleset) -> &'static str {
    lookup(lang, "", &format!("game.{}", ruleset.id)).unwrap_or(ruleset.name)
}

/// A variant's name on its game's page (a tab): its `variant.ID` text
/// where it is a word, else the page's own (a town's name).
pub fn variant_name(lang: Lang, id: &str, name: &'static str) -> &'static str {
    lookup(lang, "", &format!("variant.{id}")).unwrap_or(name)
}

/// Every key and its texts, `[en, vi, nl]`.
pub const TEXTS: &[(&str, [&str; 3])] = &[
    ("site.name", ["Mancala games", "Trò chơi mancala", "Mancalaspellen"]),
    ("game.anywoli-lot", ["Anywoli (by lot)", "Anywoli (bốc thăm)", "Anywoli (door loting)"]),
    ("variant.anywoli-lot", ["By lot", "Bốc thăm", "Door loting"]),
    ("nav.catalogue", ["All mancala games", "Tất cả trò chơi mancala", "Alle mancalaspellen"]),
    ("nav.finished", ["Finished games", "Các ván đã xong", "Afgelopen partijen"]),
    ("nav.language", ["Language", "Ngôn ngữ", "Taal"]),
    ("nav.skip", ["Skip to the content", "Chuyển đến nội dung", "Naar de inhoud"]),
    ("nav.menu", ["Menu", "Danh mục", "Menu"]),
    ("nav.site", ["The site", "Các trang", "De site"]),
    ("side.south", ["South", "Nam", "Zuid"]),
    ("side.north", ["North", "Bắc", "Noord"]),
    // Accounts, rated games, players' pages and leaderboards (issue 12).
    ("nav.sign-in", ["Sign in", "Đăng nhập", "Inloggen"]),
    ("nav.account", ["Your account", "Tài khoản của bạn", "Je account"]),
    ("nav.leaderboard", ["Leaderboards", "Bảng xếp hạng", "Ranglijsten"]),
    ("account.title", ["Your account", "Tài khoản của bạn", "Je account"]),
    ("account.why", ["Playing needs no account. With one, your games follow you to any device you sign in on, and rated games give you a rating in each game.", "Chơi không cần tài khoản. Có tài khoản thì các ván của bạn đi theo bạn sang mọi thiết bị bạn đăng nhập, và các ván tính điểm cho bạn một hệ số cho từng trò.", "Spelen kan zonder account. Met een account volgen je partijen je naar elk apparaat waarop je inlogt, en geven partijen met rating je een rating per spel."]),
    ("account.register", ["Register", "Đăng ký", "Registreren"]),
    ("account.name", ["Name (2 to 20 letters a-z, digits, - or _)", "Tên (2 đến 20 ký tự: chữ a-z, chữ số, - hoặc _)", "Naam (2 tot 20 tekens: letters a-z, cijfers, - of _)"]),
    ("account.password", ["Password (at least 8 characters)", "Mật khẩu (ít nhất 8 ký tự)", "Wachtwoord (minstens 8 tekens)"]),
    ("account.sign-in", ["Sign in", "Đăng nhập", "Inloggen"]),
    ("account.signed-in-as", ["Signed in as {name}.", "Đang đăng nhập với tên {name}.", "Ingelogd als {name}."]),
    ("account.sign-out", ["Sign out", "Đăng xuất", "Uitloggen"]),
    ("account.my-page", ["Your player's page", "Trang người chơi của bạn", "Je spelerspagina"]),
    ("account.change-password", ["Change the password", "Đổi mật khẩu", "Wachtwoord wijzigen"]),
    ("account.old-password", ["Current password", "Mật khẩu hiện tại", "Huidig wachtwoord"]),
    ("account.new-password", ["New password (at least 8 characters)", "Mật khẩu mới (ít nhất 8 ký tự)", "Nieuw wachtwoord (minstens 8 tekens)"]),
    ("account.changed", ["The password is changed; your other devices are signed out.", "Mật khẩu đã được đổi; các thiết bị khác của bạn đã bị đăng xuất.", "Het wachtwoord is gewijzigd; je andere apparaten zijn uitgelogd."]),
    ("account.delete", ["Delete the account", "Xóa tài khoản", "Account verwijderen"]),
    ("account.delete-note", ["Your games stay, shown under \"deleted player\", and your name becomes free for someone else. This cannot be undone.", "Các ván của bạn vẫn còn, hiện dưới tên \"người chơi đã xóa\", và tên của bạn sẽ để trống cho người khác dùng. Không thể hoàn tác.", "Je partijen blijven, onder \"verwijderde speler\", en je naam komt vrij voor iemand anders. Dit kan niet ongedaan worden gemaakt."]),
    ("account.delete-confirm", ["Yes, delete my account for good", "Có, xóa hẳn tài khoản của tôi", "Ja, verwijder mijn account voorgoed"]),
    ("account.deleted", ["The account is deleted.", "Tài khoản đã bị xóa.", "Het account is verwijderd."]),
    ("home.my-games", ["Your games in progress", "Các ván bạn đang chơi", "Je lopende partijen"]),
    ("home.against", ["against {name}", "với {name}", "tegen {name}"]),
    ("new.rated", ["Rated game: it changes both players' ratings (your friend must be signed in to join)", "Ván tính điểm: thay đổi hệ số của cả hai người (bạn của bạn phải đăng nhập mới vào được)", "Partij met rating: de rating van beide spelers verandert (je vriend moet ingelogd zijn om mee te doen)"]),
    ("play.rated", ["Rated game", "Ván tính điểm", "Partij met rating"]),
    ("play.aborted", ["Aborted: a player made fewer than two moves, so the game is not rated.", "Ván bị hủy: có người đi chưa đủ hai nước nên ván không tính điểm.", "Afgebroken: een speler deed minder dan twee zetten, dus de partij telt niet voor de rating."]),
    ("play.rated-join", ["This game is rated: sign in to take the seat, or watch it.", "Ván này tính điểm: hãy đăng nhập để vào chơi, hoặc chỉ xem.", "Deze partij telt voor de rating: log in om mee te spelen, of kijk mee."]),
    ("player.deleted", ["deleted player", "người chơi đã xóa", "verwijderde speler"]),
    ("player.since", ["Player since {date}", "Tham gia từ {date}", "Speler sinds {date}"]),
    ("player.ratings", ["Ratings", "Hệ số", "Ratinggetallen"]),
    ("player.no-ratings", ["No rated games yet.", "Chưa có ván tính điểm nào.", "Nog geen partijen met rating."]),
    ("player.rating", ["Rating", "Hệ số", "Ratinggetal"]),
    ("player.deviation", ["Deviation", "Độ lệch", "Afwijking"]),
    ("player.games", ["Rated games", "Số ván tính điểm", "Partijen met rating"]),
    ("player.results", ["Won, drawn, lost", "Thắng, hòa, thua", "Gewonnen, remise, verloren"]),
    ("player.graph", ["{game}: the rating after each rated game, from {low} to {high}", "{game}: hệ số sau mỗi ván tính điểm, từ {low} đến {high}", "{game}: de rating na elke partij met rating, van {low} tot {high}"]),
    ("player.graph-start", ["Start:", "Ban đầu:", "Begin:"]),
    ("player.recent", ["Recent games", "Các ván gần đây", "Recente partijen"]),
    ("player.no-games", ["No finished games yet.", "Chưa có ván nào kết thúc.", "Nog geen afgelopen partijen."]),
    ("player.opponent", ["Opponent", "Đối thủ", "Tegenstander"]),
    ("player.won", ["won", "thắng", "gewonnen"]),
    ("player.lost", ["lost", "thua", "verloren"]),
    ("player.drawn", ["drawn", "hòa", "remise"]),
    ("player.aborted", ["not rated (aborted, or over three rated games against this player that day)", "không tính điểm (bị hủy, hoặc quá ba ván tính điểm với người này trong ngày)", "telt niet (afgebroken, of meer dan drie partijen voor de rating tegen deze speler die dag)"]),
    ("player.casual", ["not rated", "không tính điểm", "zonder rating"]),
    ("player.change", ["Rating change", "Thay đổi hệ số", "Verandering van rating"]),
    ("player.vs", ["Head to head", "Đối đầu", "Onderling"]),
    ("player.vs-label", ["Against the player named", "Với người chơi tên", "Tegen de speler met de naam"]),
    ("player.vs-show", ["Show", "Xem", "Toon"]),
    ("player.vs-record", ["Against {name}: {won} won, {drawn} drawn, {lost} lost.", "Với {name}: thắng {won}, hòa {drawn}, thua {lost}.", "Tegen {name}: {won} gewonnen, {drawn} remise, {lost} verloren."]),
    ("player.unknown", ["There is no player named {name}.", "Không có người chơi nào tên {name}.", "Er is geen speler met de naam {name}."]),
    ("board.title", ["Leaderboard: {game}", "Bảng xếp hạng: {game}", "Ranglijst: {game}"]),
    ("board.note", ["Players whose rating deviation is under 110 and who played a rated game in the last three months. A player's deviation grows while they are away.", "Những người chơi có độ lệch hệ số dưới 110 và đã chơi một ván tính điểm trong ba tháng qua. Độ lệch của một người tăng dần khi họ vắng mặt.", "Spelers van wie de afwijking van de rating onder 110 ligt en die de laatste drie maanden een partij met rating speelden. De afwijking groeit zolang iemand wegblijft."]),
    ("board.rank", ["Rank", "Hạng", "Plaats"]),
    ("board.player", ["Player", "Người chơi", "Speler"]),
    ("board.empty", ["Nobody is on this leaderboard yet.", "Chưa có ai trong bảng xếp hạng này.", "Nog niemand staat op deze ranglijst."]),
    ("board.provisional", ["Provisional ratings", "Điểm tạm tính", "Voorlopige ratings"]),
    ("board.provisional-note", ["Players with few rated games yet (deviation 110 or more): their rating, marked ?, is still settling, so they are not ranked.", "Người chơi còn ít ván tính điểm (độ lệch từ 110 trở lên): điểm của họ, đánh dấu ?, còn đang ổn định nên chưa được xếp hạng.", "Spelers met nog weinig partijen voor de rating (afwijking 110 of meer): hun rating, gemarkeerd met ?, ligt nog niet vast, dus ze staan niet in de rangschikking."]),
    ("board.others", ["Other games", "Các trò khác", "Andere spellen"]),
    ("err.not_signed_in", ["Sign in first (or register): rated games are played between accounts.", "Hãy đăng nhập trước (hoặc đăng ký): ván tính điểm chỉ chơi giữa các tài khoản.", "Log eerst in (of registreer): partijen met rating worden tussen accounts gespeeld."]),
    ("err.rated_needs_account", ["This game is rated: sign in to take the seat, or watch it.", "Ván này tính điểm: hãy đăng nhập để vào chơi, hoặc chỉ xem.", "Deze partij telt voor de rating: log in om mee te spelen, of kijk mee."]),
    ("err.same_account", ["You already hold the other seat: a rated game is played against another account.", "Bạn đã ngồi ở ghế bên kia: ván tính điểm phải chơi với một tài khoản khác.", "Je hebt de andere plaats al: een partij met rating speel je tegen een ander account."]),
    ("err.rated_online_only", ["Only an online game between two people can be rated.", "Chỉ ván trực tuyến giữa hai người mới tính điểm được.", "Alleen een online partij tussen twee mensen kan met rating."]),
    ("err.wrong_credentials", ["The name or the password is wrong.", "Tên hoặc mật khẩu không đúng.", "De naam of het wachtwoord klopt niet."]),
    ("err.wrong_password", ["The password is wrong.", "Mật khẩu không đúng.", "Het wachtwoord klopt niet."]),
    ("err.name_taken", ["That name is taken (names are the same in any case): choose another.", "Tên này đã có người dùng (chữ hoa hay thường đều như nhau): hãy chọn tên khác.", "Die naam is al bezet (hoofdletters tellen niet): kies een andere."]),
    ("err.bad_name", ["A name is 2 to 20 characters: letters a-z, digits, - and _.", "Tên gồm 2 đến 20 ký tự: chữ a-z, chữ số, - và _.", "Een naam heeft 2 tot 20 tekens: letters a-z, cijfers, - en _."]),
    ("err.bad_password", ["A password is 8 to 200 characters long.", "Mật khẩu dài từ 8 đến 200 ký tự.", "Een wachtwoord is 8 tot 200 tekens lang."]),
    ("err.too_many_attempts", ["Too many attempts: wait a minute and try again.", "Thử quá nhiều lần: hãy chờ một phút rồi thử lại.", "Te veel pogingen: wacht een minuut en probeer het opnieuw."]),
    // The catalogue.
    (
        "cat.intro",
        [
            "Two-row sowing games from the Caribbean, Ethiopia and West Africa. Read how each one is played, then play it against the computer, with a friend at the same screen, or with a friend anywhere through an invitation link.",
            "Những trò chơi gieo hạt hai hàng đến từ vùng Caribe, Ethiopia và Tây Phi. Hãy đọc cách chơi từng trò, rồi chơi với máy, với một người bạn ngồi cùng màn hình, hoặc với bạn ở bất cứ đâu qua một đường dẫn mời.",
            "Zaaispellen met twee rijen uit het Caribisch gebied, Ethiopië en West-Afrika. Lees hoe elk spel gaat en speel het dan tegen de computer, samen met iemand aan hetzelfde scherm, of met een vriend waar ook ter wereld via een uitnodigingslink.",
        ],
    ),
    ("cat.where", ["Played in", "Nơi chơi", "Gespeeld in"]),
    ("cat.board", ["Board", "Bàn chơi", "Bord"]),
    ("cat.rules", ["Rules and history", "Luật chơi và lịch sử", "Regels en geschiedenis"]),
    ("cat.play", ["Play this game", "Chơi trò này", "Speel dit spel"]),
    ("cat.size", ["{rows} rows of {pits} pits, {seeds} seeds", "{rows} hàng, mỗi hàng {pits} ô, {seeds} hạt", "{rows} rijen van {pits} putjes, {seeds} zaden"]),
    // A game's page.
    ("page.variants", ["Variants", "Biến thể", "Varianten"]),
    ("page.start", ["The starting board", "Bàn chơi lúc bắt đầu", "Het bord bij de start"]),
    (
        "page.start-note",
        [
            "North's row is on top, South's below; each store is on its owner's right. The letters name the pits in sowing order.",
            "Hàng của Bắc ở trên, hàng của Nam ở dưới; kho của mỗi người nằm bên tay phải người đó. Các chữ cái là tên các ô theo thứ tự gieo.",
            "De rij van Noord ligt boven, die van Zuid onder; ieder heeft zijn voorraad rechts van zich. De letters geven de putjes een naam, in de volgorde van het zaaien.",
        ],
    ),
    // The same starting board, stood upright on a narrow screen (2 x 12).
    (
        "page.start-upright",
        [
            "On a narrow screen the board stands upright: South's row runs down the left, North's up the right; South's store is at the bottom, North's at the top. The letters name the pits in sowing order.",
            "Trên màn hình hẹp, bàn chơi được dựng đứng: hàng của Nam chạy xuống ở bên trái, hàng của Bắc chạy lên ở bên phải; kho của Nam ở dưới cùng, kho của Bắc ở trên cùng. Các chữ cái là tên các ô theo thứ tự gieo.",
            "Op een smal scherm staat het bord rechtop: de rij van Zuid loopt links omlaag, die van Noord rechts omhoog; de voorraad van Zuid staat onderaan, die van Noord bovenaan. De letters geven de putjes een naam, in de volgorde van het zaaien.",
        ],
    ),
    // Starting a game.
    ("new.title", ["New game", "Ván mới", "Nieuwe partij"]),
    ("new.opponent", ["Opponent", "Đối thủ", "Tegenstander"]),
    ("mode.computer", ["The computer", "Máy tính", "De computer"]),
    ("mode.local", ["Two players at this screen", "Hai người chơi trên cùng màn hình", "Twee spelers aan dit scherm"]),
    ("mode.online", ["A friend, through an invitation link", "Một người bạn, qua đường dẫn mời", "Een vriend, via een uitnodigingslink"]),
    ("new.level", ["Level (1 is the easiest, 8 the strongest)", "Cấp độ (1 dễ nhất, 8 mạnh nhất)", "Niveau (1 is het makkelijkst, 8 het sterkst)"]),
    ("new.name", ["Your name (kept on this device only)", "Tên của bạn (chỉ lưu trên thiết bị này)", "Je naam (alleen op dit apparaat bewaard)"]),
    ("new.account-name", ["You play under this name.", "Bạn chơi với tên này.", "Je speelt onder deze naam."]),
    ("new.second-name", ["Second player's name", "Tên người chơi thứ hai", "Naam van de tweede speler"]),
    ("new.side", ["You play", "Bạn chơi bên", "Jij speelt als"]),
    ("new.side-random", ["Either side, drawn by lot", "Bên nào cũng được, bốc thăm", "Maakt niet uit, door loting"]),
    ("new.south-first", ["South moves first.", "Nam đi trước.", "Zuid begint."]),
    ("new.start", ["Start the game", "Bắt đầu ván", "Begin de partij"]),
    // Playing.
    ("play.to-move", ["{name} ({side}) to move", "Đến lượt {name} ({side})", "{name} ({side}) is aan zet"]),
    ("play.side-to-move", ["{side} to move", "Đến lượt {side}", "{side} is aan zet"]),
    ("play.computer", ["Computer (level {n})", "Máy (cấp {n})", "Computer (niveau {n})"]),
    ("play.your-turn", ["Your turn: choose a pit in your row", "Đến lượt bạn: chọn một ô trong hàng của bạn", "Jij bent aan zet: kies een putje in je rij"]),
    ("play.thinking", ["{name} is thinking…", "{name} đang suy nghĩ…", "{name} denkt na…"]),
    ("play.waiting", ["Waiting for your friend to open the invitation link.", "Đang chờ bạn của bạn mở đường dẫn mời.", "Wachten tot je vriend de uitnodigingslink opent."]),
    ("play.invite", ["Send this link to the friend you want to play:", "Gửi đường dẫn này cho người bạn muốn chơi cùng:", "Stuur deze link naar de vriend met wie je wilt spelen:"]),
    ("play.copy", ["Copy the link", "Sao chép đường dẫn", "Kopieer de link"]),
    ("play.copied", ["Copied", "Đã sao chép", "Gekopieerd"]),
    ("play.spectator", ["You are watching this game.", "Bạn đang xem ván này.", "Je kijkt naar deze partij."]),
    ("play.you", ["you", "bạn", "jij"]),
    ("play.waiting-seat", ["(free seat)", "(chỗ còn trống)", "(vrije plaats)"]),
    ("play.moves", ["Moves", "Các nước đi", "Zetten"]),
    ("play.last", ["Last move", "Nước vừa đi", "Laatste zet"]),
    ("play.undo", ["Take back", "Đi lại", "Terugnemen"]),
    ("play.resign", ["Resign", "Chịu thua", "Opgeven"]),
    ("play.resign-confirm", ["Resign this game?", "Bạn chắc chắn muốn chịu thua ván này?", "Deze partij echt opgeven?"]),
    ("dialog.cancel", ["Cancel", "Hủy", "Annuleren"]),
    ("dialog.offer", ["Offer to end", "Đề nghị kết thúc", "Voorstel doen"]),
    ("play.offer", ["Offer to end: the seeds circulate", "Đề nghị kết thúc: các hạt quay vòng", "Voorstellen te stoppen: de zaden gaan rond"]),
    ("play.offer-sent", ["You offered to end the game. Waiting for an answer.", "Bạn đã đề nghị kết thúc ván. Đang chờ trả lời.", "Je hebt voorgesteld de partij te beëindigen. Wachten op antwoord."]),
    ("play.offer-received", ["Your opponent offers to end the game, as the seeds circulate.", "Đối thủ đề nghị kết thúc ván vì các hạt cứ quay vòng.", "Je tegenstander stelt voor de partij te beëindigen, omdat de zaden rondgaan."]),
    ("play.offer-declined", ["The computer declines and plays on.", "Máy từ chối và chơi tiếp.", "De computer weigert en speelt door."]),
    ("play.accept", ["Accept", "Đồng ý", "Aannemen"]),
    ("play.decline", ["Decline", "Từ chối", "Afwijzen"]),
    ("play.speed", ["Sowing speed", "Tốc độ gieo", "Zaaisnelheid"]),
    ("play.store", ["store", "kho", "voorraad"]),
    ("play.keys", ["Keyboard: Tab to the board, arrow keys to choose a pit, Enter or Space to sow it, Escape to skip the sowing; or type a pit's letter.", "Bàn phím: nhấn Tab để đến bàn chơi, dùng phím mũi tên để chọn ô, Enter hoặc Space để gieo, Esc để bỏ qua phần gieo; hoặc gõ chữ cái của ô.", "Toetsenbord: Tab naar het bord, pijltjestoetsen om een putje te kiezen, Enter of spatie om te zaaien, Escape om het zaaien over te slaan; of typ de letter van een putje."]),
    ("play.over", ["Game over", "Ván đã kết thúc", "De partij is afgelopen"]),
    ("play.wins", ["{name} wins", "{name} thắng", "{name} wint"]),
    ("play.draw", ["A draw", "Hòa", "Remise"]),
    ("play.score", ["Final score", "Tỉ số cuối cùng", "Eindstand"]),
    ("play.stores-at-end", ["In the stores at the end", "Trong kho khi kết thúc", "In de voorraden aan het eind"]),
    ("play.left-on-board", ["{seeds} left on the board, counted for nobody", "{seeds} còn lại trên bàn, không tính cho ai", "{seeds} op het bord, voor niemand geteld"]),
    ("play.why", ["Why it ended", "Lý do kết thúc", "Waarom het afliep"]),
    ("play.rematch", ["Rematch", "Đấu lại", "Revanche"]),
    ("play.join-rematch", ["Your opponent wants a rematch: join it", "Đối thủ muốn đấu lại: tham gia", "Je tegenstander wil een revanche: doe mee"]),
    ("play.new", ["New game", "Ván mới", "Nieuwe partij"]),
    ("play.download", ["Download the record", "Tải bản ghi ván chơi", "Download het partijverslag"]),
    ("play.close", ["Close", "Đóng", "Sluiten"]),
    ("play.offline", ["Connection lost; reconnecting…", "Mất kết nối; đang kết nối lại…", "Verbinding verbroken; opnieuw verbinden…"]),
    ("play.restarting", ["The server is restarting; reconnecting…", "Máy chủ đang khởi động lại; đang kết nối lại…", "De server start opnieuw op; opnieuw verbinden…"]),
    ("play.name", ["Name", "Tên", "Naam"]),
    ("join.title", ["You are invited to play this game.", "Bạn được mời chơi ván này.", "Je bent uitgenodigd voor deze partij."]),
    ("join.take", ["Take the seat", "Nhận chỗ ngồi", "Neem de plaats in"]),
    ("join.watch", ["Only watch", "Chỉ xem", "Alleen kijken"]),
    // Clocks, claims, hints and matches.
    ("new.clock", ["Clock", "Đồng hồ", "Klok"]),
    ("new.timed", ["Play with a clock", "Chơi có tính giờ", "Met klok spelen"]),
    ("new.minutes", ["Minutes for each player", "Số phút cho mỗi người", "Minuten per speler"]),
    ("new.increment", ["Seconds added after each move", "Số giây được cộng sau mỗi nước", "Seconden erbij na elke zet"]),
    ("new.clock-note", ["Whoever runs out of time loses. The computer's thinking time is not counted.", "Ai hết giờ trước sẽ thua. Thời gian máy suy nghĩ không bị tính.", "Wie door zijn tijd heen is, verliest. De denktijd van de computer telt niet."]),
    ("new.match", ["A match: the first to win {n} games wins it (draws do not count)", "Một trận đấu: ai thắng {n} ván trước sẽ thắng trận (ván hòa không tính)", "Een match: wie het eerst {n} partijen wint, wint de match (remises tellen niet)"]),
    ("play.away", ["away", "vắng mặt", "afwezig"]),
    ("play.claim", ["Claim the win", "Nhận phần thắng", "De winst opeisen"]),
    ("play.claim-wait", ["Your opponent has left the game. If they do not come back, you can claim the win in {time}.", "Đối thủ đã rời ván. Nếu họ không quay lại, bạn có thể nhận phần thắng sau {time}.", "Je tegenstander heeft de partij verlaten. Komt die niet terug, dan kun je over {time} de winst opeisen."]),
    ("play.claim-ready", ["Your opponent has left the game and has not come back.", "Đối thủ đã rời ván và chưa quay lại.", "Je tegenstander heeft de partij verlaten en is niet teruggekomen."]),
    ("play.hint", ["Hint", "Gợi ý", "Tip"]),
    ("play.hint-thinking", ["Looking for a good move…", "Đang tìm một nước hay…", "Zoekt een goede zet…"]),
    ("play.hint-text", ["Hint: play {pit} ({value}).", "Gợi ý: đi ô {pit} ({value}).", "Tip: speel {pit} ({value})."]),
    // The board, read aloud: whose each pit, store and clock is, with the
    // count in the language's plural form (`seeds.one` where
    // `Intl.PluralRules` says "one", else `seeds.other`).
    ("seeds.one", ["{n} seed", "{n} hạt", "{n} zaad"]),
    ("seeds.other", ["{n} seeds", "{n} hạt", "{n} zaden"]),
    ("play.board", ["Board", "Bàn chơi", "Speelbord"]),
    ("play.pit-yours", ["pit {pit}, yours, {seeds}", "ô {pit}, của bạn, {seeds}", "putje {pit}, van jou, {seeds}"]),
    ("play.pit-of", ["pit {pit}, {side}'s, {seeds}", "ô {pit}, của {side}, {seeds}", "putje {pit}, van {side}, {seeds}"]),
    ("play.store-yours", ["your store, {seeds}", "kho của bạn, {seeds}", "jouw voorraad, {seeds}"]),
    ("play.store-of", ["{side}'s store, {seeds}", "kho của {side}, {seeds}", "voorraad van {side}, {seeds}"]),
    ("play.clock-yours", ["your time left", "thời gian còn lại của bạn", "jouw resterende tijd"]),
    ("play.clock-of", ["{side}'s time left", "thời gian còn lại của {side}", "resterende tijd van {side}"]),
    ("play.flip", ["Turn the board", "Xoay bàn chơi", "Bord omdraaien"]),
    ("play.skip", ["Skip the sowing", "Bỏ qua phần gieo", "Zaaien overslaan"]),
    ("play.sending", ["Sending your move {pit}…", "Đang gửi nước {pit}…", "Je zet {pit} wordt verstuurd…"]),
    ("play.waiting-friend", ["Waiting for your friend: you can move once they have joined.", "Đang chờ bạn của bạn: bạn có thể đi khi họ đã vào ván.", "Wachten op je vriend: je kunt zetten zodra die er is."]),
    // An agreed end, said before it is offered or accepted: the seeds on
    // the board go as at a cycle in that ruleset (RULES.md, "Agreed end").
    ("play.offer-confirm", ["Offer to end the game because the seeds circulate? If your opponent accepts, the game ends at once: {award}", "Đề nghị kết thúc ván vì các hạt quay vòng? Nếu đối thủ đồng ý, ván kết thúc ngay: {award}", "Voorstellen de partij te beëindigen omdat de zaden rondgaan? Als je tegenstander akkoord gaat, is de partij meteen afgelopen: {award}"]),
    ("play.offer-means", ["If you accept, the game ends at once: {award}", "Nếu bạn đồng ý, ván kết thúc ngay: {award}", "Als je akkoord gaat, is de partij meteen afgelopen: {award}"]),
    ("award.uncaptured", ["the seeds on the board stay uncaptured and, as nobody has the 25 seeds a win needs, it is a draw.", "các hạt trên bàn không thuộc về ai và, vì chưa ai có đủ 25 hạt để thắng, ván hòa.", "de zaden op het bord blijven liggen en, omdat niemand de 25 zaden heeft die nodig zijn om te winnen, wint niemand."]),
    ("award.split", ["the seeds on the board are split equally (an odd seed goes to the player whose row holds more of them), and whoever then has more seeds wins.", "các hạt còn trên bàn được chia đều (hạt lẻ thuộc về người có nhiều hạt hơn trong hàng của mình), rồi ai nhiều hạt hơn thì thắng.", "de zaden op het bord worden gelijk verdeeld (een oneven zaad gaat naar wie er de meeste in zijn rij heeft), en wie dan de meeste zaden heeft, wint."]),
    ("award.own-row", ["each player takes the seeds left in their own row, and whoever then has more seeds wins.", "mỗi người lấy các hạt còn trong hàng của mình, rồi ai nhiều hạt hơn thì thắng.", "elke speler krijgt de zaden in zijn eigen rij, en wie dan de meeste zaden heeft, wint."]),
    ("val.ahead", ["about {n} seeds ahead", "hơn khoảng {n} hạt", "ongeveer {n} zaden voor"]),
    ("val.behind", ["about {n} seeds behind", "kém khoảng {n} hạt", "ongeveer {n} zaden achter"]),
    ("val.even", ["about even", "ngang ngửa", "ongeveer gelijk"]),
    ("val.win", ["a win by force", "thắng chắc", "een gedwongen winst"]),
    ("val.loss", ["a loss by force", "thua chắc", "een gedwongen verlies"]),
    ("match.line", ["Match, first to {n} wins · game {game}: {south} {a} – {b} {north}", "Trận đấu, ai thắng {n} ván trước · ván {game}: {south} {a} – {b} {north}", "Match, wie het eerst {n} partijen wint · partij {game}: {south} {a} – {b} {north}"]),
    ("match.won", ["{name} wins the match {a}–{b}", "{name} thắng trận đấu {a}–{b}", "{name} wint de match met {a}–{b}"]),
    ("match.next", ["Next game of the match", "Ván tiếp theo của trận đấu", "Volgende partij van de match"]),
    ("match.join-next", ["Your opponent has started the next game: join it", "Đối thủ đã bắt đầu ván tiếp theo: tham gia", "Je tegenstander is aan de volgende partij begonnen: doe mee"]),
    // Replay and the finished games.
    ("replay.title", ["Replay", "Xem lại", "Naspelen"]),
    ("replay.first", ["Start", "Đầu ván", "Begin"]),
    ("replay.prev", ["Back", "Lùi", "Terug"]),
    ("replay.next", ["Forward", "Tiến", "Vooruit"]),
    ("replay.last", ["End", "Cuối ván", "Einde"]),
    ("replay.ply", ["Move {n} of {total}", "Nước {n} trên {total}", "Zet {n} van {total}"]),
    ("review.title", ["The computer's review", "Máy nhận xét ván đấu", "Analyse door de computer"]),
    ("review.computing", ["The computer is going through the game…", "Máy đang xem lại ván đấu…", "De computer loopt de partij na…"]),
    ("review.graph", ["How the game went: above the middle line South is ahead, below it North", "Diễn biến ván đấu: phía trên đường giữa là Nam đang hơn, phía dưới là Bắc", "Het verloop van de partij: boven de middellijn staat Zuid voor, eronder Noord"]),
    ("review.summary", ["Mistakes (a move that gives away a seed or more, or changes the result): South {south}, North {north}", "Nước sai lầm (nước làm mất từ một hạt trở lên, hoặc làm đổi kết quả): Nam {south}, Bắc {north}", "Fouten (een zet die een zaad of meer weggeeft, of de uitslag verandert): Zuid {south}, Noord {north}"]),
    ("review.mistake", ["{move} was a mistake: it gave away about {lost} seeds; {better} was better.", "{move} là một nước sai lầm: mất khoảng {lost} hạt; đi {better} thì tốt hơn.", "{move} was een fout: die gaf ongeveer {lost} zaden weg; {better} was beter."]),
    ("review.mistake-result", ["{move} was a mistake: it changed the result; {better} was better.", "{move} là một nước sai lầm: nó làm đổi kết quả ván; đi {better} thì tốt hơn.", "{move} was een fout: die veranderde de uitslag; {better} was beter."]),
    ("review.value", ["For South after this move: {value}", "Với Nam sau nước này: {value}", "Voor Zuid na deze zet: {value}"]),
    ("review.show-better", ["Show {better} on the board", "Xem {better} trên bàn", "Toon {better} op het bord"]),
    ("review.better-here", ["From this position {move} was played, a mistake: {better}, marked on the board, was better.", "Từ thế cờ này đã đi {move}, một nước sai lầm: {better}, được đánh dấu trên bàn, thì tốt hơn.", "Vanuit deze stelling werd {move} gespeeld, een fout: {better}, gemarkeerd op het bord, was beter."]),
    ("play.pit-better", ["{label}, the better move", "{label}, nước tốt hơn", "{label}, de betere zet"]),
    ("finished.none", ["No game has been finished yet.", "Chưa có ván nào kết thúc.", "Er is nog geen partij afgelopen."]),
    ("finished.game", ["Game", "Trò chơi", "Spel"]),
    ("finished.players", ["Players", "Người chơi", "Spelers"]),
    ("finished.result", ["Result", "Kết quả", "Uitslag"]),
    ("finished.moves", ["Moves", "Số nước", "Zetten"]),
    ("finished.upload", ["Upload a game record", "Tải lên bản ghi ván chơi", "Een partijverslag uploaden"]),
    ("finished.upload-note", ["A record in this site's format; a finished game can be replayed, an unfinished one played on at this screen.", "Bản ghi theo định dạng của nền tảng này; ván đã xong có thể xem lại, ván chưa xong có thể chơi tiếp trên màn hình này.", "Een verslag in de vorm van deze site; een afgelopen partij kun je naspelen, een onafgemaakte hier verder spelen."]),
    ("finished.upload-button", ["Upload", "Tải lên", "Uploaden"]),
    ("res.won", ["{side} won", "{side} thắng", "{side} heeft gewonnen"]),
    ("res.draw", ["Draw", "Hòa", "Remise"]),
    ("server.problem", ["The server has a problem", "Máy chủ đang gặp sự cố", "De server heeft een probleem"]),
    ("server.problem-detail", ["This page cannot be shown right now. Please try again in a moment. If it goes on, give the site's keeper this incident number: {incident}.", "Hiện không thể hiển thị trang này. Hãy thử lại sau giây lát. Nếu vẫn lỗi, hãy báo cho người quản lý trang mã sự cố này: {incident}.", "Deze pagina kan nu niet worden getoond. Probeer het zo opnieuw. Blijft het zo, geef de beheerder van de site dit incidentnummer: {incident}."]),
    // Endings that name the player, the finished list's filters and pages,
    // the move list, the invitation, offers, spectators, sound, the graph.
    ("end-by.resignation", ["{name} resigned", "{name} đã chịu thua", "{name} gaf op"]),
    ("end-by.time", ["{name} ran out of time", "{name} đã hết giờ", "De tijd van {name} was op"]),
    ("end-by.abandoned", ["{name} left the game and the opponent claimed the win", "{name} đã bỏ ván và đối thủ nhận phần thắng", "{name} verliet de partij en de tegenstander eiste de winst op"]),
    ("finished.all-games", ["All games", "Tất cả trò chơi", "Alle spellen"]),
    ("finished.player", ["Player (part of a name)", "Người chơi (một phần của tên)", "Speler (deel van een naam)"]),
    ("finished.show", ["Show", "Xem", "Tonen"]),
    ("finished.none-match", ["No finished game matches these filters.", "Không có ván đã xong nào khớp với bộ lọc này.", "Geen afgelopen partij past bij deze filters."]),
    ("finished.date", ["Ended", "Kết thúc lúc", "Afgelopen op"]),
    ("finished.newer", ["← Newer games", "← Các ván mới hơn", "← Nieuwere partijen"]),
    ("finished.older", ["Older games →", "Các ván cũ hơn →", "Oudere partijen →"]),
    ("finished.page", ["Page {n}", "Trang {n}", "Pagina {n}"]),
    ("finished.file", ["A record file", "Tệp bản ghi ván chơi", "Een verslagbestand"]),
    ("finished.record", ["Or paste the record here", "Hoặc dán bản ghi vào đây", "Of plak het verslag hier"]),
    ("moves.viewing", ["You are looking at move {n} of {total}; the game goes on.", "Bạn đang xem lại nước {n} trên {total}; ván vẫn đang tiếp tục.", "Je bekijkt zet {n} van {total}; de partij gaat door."]),
    ("moves.back", ["Back to the game", "Quay lại ván đang chơi", "Terug naar de partij"]),
    ("moves.back-new", ["Back to the game (a new move was played)", "Quay lại ván đang chơi (đã có nước mới)", "Terug naar de partij (er is een nieuwe zet gedaan)"]),
    ("moves.extra", ["moves again", "được đi tiếp", "is nog eens aan zet"]),
    ("moves.extra-note", ["↻ marks a move after which the same player moved again.", "↻ đánh dấu nước đi mà sau đó cùng người chơi được đi tiếp.", "↻ markeert een zet waarna dezelfde speler nog eens zette."]),
    ("moves.go", ["Show the position after move {n}", "Xem thế cờ sau nước {n}", "Toon de stelling na zet {n}"]),
    ("moves.link", ["Link to this move", "Liên kết đến nước này", "Link naar deze zet"]),
    ("join.invites", ["{name} invites you to play {game}.", "{name} mời bạn chơi {game}.", "{name} nodigt je uit om {game} te spelen."]),
    ("join.clock", ["Clock: {min} minutes each, plus {inc} seconds a move.", "Đồng hồ: mỗi bên {min} phút, cộng {inc} giây mỗi nước.", "Klok: {min} minuten per speler, plus {inc} seconden per zet."]),
    ("join.no-clock", ["No clock: take your time.", "Không tính giờ: cứ thong thả.", "Geen klok: neem je tijd."]),
    ("play.in-tournament", ["A game of the tournament", "Một ván của giải", "Een partij van het toernooi"]),
    ("play.back-to-tournament", ["Back to {name}", "Quay lại {name}", "Terug naar {name}"]),
    ("play.decline-rematch", ["Decline", "Từ chối", "Weigeren"]),
    ("play.cancel-rematch", ["Cancel the rematch", "Hủy ván đấu lại", "Revanche intrekken"]),
    ("play.rematch-declined", ["The rematch was declined.", "Lời mời đấu lại đã bị từ chối.", "De revanche is geweigerd."]),
    ("play.rematch-withdrawn", ["The rematch was withdrawn.", "Lời mời đấu lại đã được rút lại.", "De revanche is ingetrokken."]),
    ("play.back-to-game", ["Back to the game", "Quay lại ván đấu", "Terug naar de partij"]),
    ("join.used", ["This invitation has already been taken: you are watching the game.", "Lời mời này đã có người nhận: bạn đang xem ván đấu.", "Deze uitnodiging is al aangenomen: je kijkt mee naar de partij."]),
    ("join.days", ["Correspondence: {days} days a move. A move not made in time loses the game.", "Cờ thư: {days} ngày mỗi nước. Không đi kịp hạn là thua ván.", "Correspondentie: {days} dagen per zet. Wie niet op tijd zet, verliest de partij."]),
    ("join.one-day", ["Correspondence: one day a move. A move not made in time loses the game.", "Cờ thư: một ngày mỗi nước. Không đi kịp hạn là thua ván.", "Correspondentie: één dag per zet. Wie niet op tijd zet, verliest de partij."]),
    ("join.match", ["A match: the first to win {n} games wins it.", "Một trận đấu: ai thắng {n} ván trước sẽ thắng trận.", "Een match: wie het eerst {n} partijen wint, wint de match."]),
    ("join.side", ["You would play {side}.", "Bạn sẽ chơi bên {side}.", "Jij speelt dan {side}."]),
    ("play.offer-refused", ["Your offer to end the game was declined: play goes on.", "Đề nghị kết thúc ván của bạn đã bị từ chối: ván chơi tiếp tục.", "Je voorstel om de partij te beëindigen is afgewezen: er wordt doorgespeeld."]),
    ("play.next-game", ["The players have started the next game: taking you there…", "Hai người chơi đã bắt đầu ván tiếp theo: đang chuyển bạn sang đó…", "De spelers zijn aan de volgende partij begonnen: je gaat erheen…"]),
    ("play.title-turn", ["Your turn", "Đến lượt bạn", "Jij bent aan zet"]),
    ("play.sound", ["Sound for moves and captures", "Âm thanh khi đi và khi ăn hạt", "Geluid bij zetten en slagen"]),
    ("review.south-ahead", ["South ahead", "Nam hơn", "Zuid staat voor"]),
    ("review.north-ahead", ["North ahead", "Bắc hơn", "Noord staat voor"]),
    ("review.axis-moves", ["move", "nước", "zet"]),
    ("review.axis-seeds", ["seeds", "hạt", "zaden"]),
    ("notfound", ["This page does not exist.", "Trang này không tồn tại.", "Deze pagina bestaat niet."]),
    // Error messages shown in the browser, by the API's error code.
    ("err.illegal_move", ["That move is not allowed now. Allowed: {legal}", "Nước này hiện không được phép. Được đi: {legal}", "Die zet mag nu niet. Toegestaan: {legal}"]),
    ("err.not_your_turn", ["It is not your turn.", "Chưa đến lượt bạn.", "Je bent niet aan de beurt."]),
    ("err.not_a_player", ["You are watching: only the players can move.", "Bạn đang xem: chỉ người chơi mới được đi.", "Je kijkt mee: alleen de spelers kunnen zetten."]),
    ("err.game_over", ["The game is over.", "Ván đã kết thúc.", "De partij is voorbij."]),
    ("err.seat_taken", ["This invitation has already been used: you can watch the game.", "Lời mời này đã được dùng: bạn có thể xem ván.", "Deze uitnodiging is al gebruikt: je kunt de partij volgen."]),
    ("err.rate_limited", ["Too many requests: wait a moment.", "Quá nhiều yêu cầu: hãy chờ một chút.", "Te veel verzoeken: wacht even."]),
    ("err.bad_record", ["This record cannot be read: {message}", "Không đọc được bản ghi này: {message}", "Dit verslag is niet te lezen: {message}"]),
    ("err.lost_on_time", ["The game is over: it was lost on time.", "Ván đã kết thúc: có người đã hết giờ.", "De partij is voorbij: de tijd was op."]),
    ("err.too_early", ["Your opponent may still come back: you can claim the win in {seconds} s.", "Đối thủ vẫn có thể quay lại: bạn có thể nhận phần thắng sau {seconds} giây.", "Je tegenstander kan nog terugkomen: over {seconds} s kun je de winst opeisen."]),
    ("err.opponent_connected", ["Your opponent still has the game open.", "Đối thủ vẫn đang mở ván này.", "Je tegenstander heeft de partij nog open."]),
    ("err.no_hints", ["Hints are given only against the computer and at one screen.", "Chỉ có gợi ý khi chơi với máy hoặc trên cùng màn hình.", "Tips zijn er alleen tegen de computer en aan één scherm."]),
    ("err.match_over", ["The match is over.", "Trận đấu đã kết thúc.", "De match is voorbij."]),
    ("err.bad_clock", ["The clock must be 1 to 180 minutes, with 0 to 180 seconds added a move.", "Đồng hồ phải từ 1 đến 180 phút, cộng thêm 0 đến 180 giây mỗi nước.", "De klok moet 1 tot 180 minuten zijn, met 0 tot 180 seconden erbij per zet."]),
    ("err.invitation_expired", ["This invitation has expired: ask for a new one.", "Lời mời này đã hết hạn: hãy xin một lời mời mới.", "Deze uitnodiging is verlopen: vraag om een nieuwe."]),
    ("err.computer_name", ["That name is the computer's: choose another.", "Tên này là tên của máy: hãy chọn tên khác.", "Die naam is van de computer: kies een andere."]),
    ("err.too_many_games", ["You have started as many games as allowed in an hour: finish one, or try again later.", "Bạn đã bắt đầu đủ số ván được phép trong một giờ: hãy chơi xong một ván hoặc thử lại sau.", "Je hebt het toegestane aantal partijen per uur al gestart: speel er een uit of probeer het later."]),
    ("err.too_many_analyses", ["Your earlier hints or reviews are still being worked out: wait for them first.", "Các gợi ý hoặc bài phân tích trước của bạn vẫn đang được tính: hãy chờ chúng xong đã.", "Je eerdere tips of analyses worden nog berekend: wacht daar eerst op."]),
    ("err.server_error", ["The server has a problem; please try again later.", "Máy chủ đang gặp sự cố; hãy thử lại sau.", "De server heeft een probleem; probeer het later opnieuw."]),
    ("err.seek_exists", ["You already offer a game of this kind: cancel it to offer another.", "Bạn đã mời một ván trò này rồi: hãy hủy nó để mời ván khác.", "Je biedt al een partij van dit spel aan: annuleer die om een andere aan te bieden."]),
    ("err.gone", ["That is no longer open: someone else was quicker, or it was withdrawn.", "Lời mời đó không còn nữa: có người nhanh hơn, hoặc nó đã bị rút lại.", "Dat staat niet meer open: iemand anders was sneller, of het is ingetrokken."]),
    ("err.own_seek", ["That is your own offer: someone else has to take it.", "Đó là lời mời của chính bạn: phải có người khác nhận.", "Dat is je eigen aanbod: iemand anders moet het aannemen."]),
    ("err.out_of_range", ["Your rating is outside the range this player asked for.", "Điểm của bạn nằm ngoài khoảng người chơi này yêu cầu.", "Je rating valt buiten de marge die deze speler vraagt."]),
    ("err.rated_for_accounts", ["Rated games need an account: sign in, or play a friendly game.", "Ván tính điểm cần có tài khoản: hãy đăng nhập, hoặc chơi ván giao hữu.", "Voor partijen met rating heb je een account nodig: meld je aan, of speel vriendschappelijk."]),
    ("err.bad_range", ["The rating range is impossible: use numbers from 0 to 4000, the lowest first.", "Khoảng điểm không hợp lệ: hãy dùng số từ 0 đến 4000, số nhỏ trước.", "Deze ratingmarge kan niet: gebruik getallen van 0 tot 4000, de laagste eerst."]),
    ("err.bad_days", ["Days per move are 1, 2, 3 or 7.", "Số ngày mỗi nước là 1, 2, 3 hoặc 7.", "Dagen per zet zijn 1, 2, 3 of 7."]),
    ("err.clock_and_days", ["Choose a clock or days per move, not both.", "Hãy chọn đồng hồ hoặc số ngày mỗi nước, không chọn cả hai.", "Kies een klok of dagen per zet, niet allebei."]),
    ("err.unknown_player", ["There is no player with that name.", "Không có người chơi nào tên như vậy.", "Er is geen speler met die naam."]),
    ("err.self_challenge", ["You cannot challenge yourself.", "Bạn không thể tự thách đấu chính mình.", "Je kunt jezelf niet uitdagen."]),
    ("err.already_challenged", ["You have already challenged this player.", "Bạn đã thách đấu người chơi này rồi.", "Je hebt deze speler al uitgedaagd."]),
    ("err.too_many_seeks", ["Too many open offers from your address.", "Có quá nhiều lời mời từ địa chỉ của bạn.", "Te veel open aanbiedingen vanaf je adres."]),
    ("err.too_many_challenges", ["You have too many open challenges.", "Bạn có quá nhiều lời thách đấu đang chờ.", "Je hebt te veel open uitdagingen."]),
    ("err.other", ["Something went wrong: {message}", "Đã có lỗi: {message}", "Er ging iets mis: {message}"]),
    // Why a game ended.
    ("end.target", ["a player reached the winning score", "một người đã đạt đủ số hạt để thắng", "een speler haalde de winnende score"]),
    ("end.no-seeds", ["the player to move had no seeds in their row", "người đến lượt không còn hạt nào trong hàng", "de speler aan zet had geen zaden meer in zijn rij"]),
    ("end.wipe-out", ["one move captured the opponent's whole row", "một nước đi đã ăn sạch cả hàng của đối thủ", "kaalslag: één zet sloeg de hele rij van de tegenstander"]),
    ("end.cannot-feed", ["the opponent's row was empty and no move could give it seeds", "hàng của đối thủ trống và không nước nào đưa được hạt sang", "de rij van de tegenstander was leeg en geen zet kon er zaden in brengen"]),
    ("end.no-seeds-in-play", ["no seeds were left in play", "trên bàn không còn hạt nào", "er waren geen zaden meer in het spel"]),
    ("end.last-four", ["the last four seeds were taken", "bốn hạt cuối cùng đã được lấy", "de laatste vier zaden zijn genomen"]),
    ("end.last-four-by-lot", ["the last four seeds went by lot", "bốn hạt cuối cùng được chia bằng cách bốc thăm", "de laatste vier zaden werden verloot"]),
    ("end.cycle", ["a position came back (the seeds circulate)", "một thế cờ lặp lại (các hạt quay vòng)", "een stelling kwam terug (de zaden gaan rond)"]),
    ("end.stall", ["200 moves went by without a capture", "200 nước liền không ai ăn được hạt nào", "er gingen 200 zetten voorbij zonder slag"]),
    ("end.no-legal-move", ["neither player had a legal move", "không bên nào còn nước đi hợp lệ", "geen van beide spelers had een geldige zet"]),
    ("end.agreed", ["the players agreed that the seeds circulate", "hai người chơi đồng ý rằng các hạt quay vòng", "de spelers waren het eens dat de zaden rondgaan"]),
    ("end.resignation", ["a player resigned", "một người chơi đã chịu thua", "een speler gaf op"]),
    ("end.abandoned", ["a player left the game and their opponent claimed the win", "một người chơi đã bỏ ván và đối thủ đã nhận phần thắng", "een speler verliet de partij en de tegenstander eiste de winst op"]),
    ("end.time", ["a player ran out of time", "một người chơi đã hết giờ", "de tijd van een speler was op"]),
    // Explaining a move (English comes from the rules library; these are
    // its equivalents, used for Vietnamese and Dutch).
    ("ex.sow", ["{side} sowed {n} seeds from {pit}", "{side} gieo {n} hạt từ ô {pit}", "{side} zaaide {n} zaden uit {pit}"]),
    ("ex.sow-one", ["{side} sowed 1 seed from {pit}", "{side} gieo 1 hạt từ ô {pit}", "{side} zaaide 1 zaad uit {pit}"]),
    ("ex.award-one", ["{side} takes the 1 seed left", "{side} nhận 1 hạt còn lại", "{side} krijgt het laatste zaad"]),
    ("ex.last", [", the last one landing in {pit}", ", hạt cuối rơi vào ô {pit}", ", het laatste kwam in {pit}"]),
    ("ex.relay", ["{pit} was occupied, so its {n} seeds were lifted and sown on", "ô {pit} đã có hạt nên {n} hạt ở đó được bốc lên gieo tiếp", "{pit} was niet leeg, dus de {n} zaden daar werden opgepakt en verder gezaaid"]),
    ("ex.capture", [", capturing {n} seeds ({list})", ", ăn {n} hạt ({list})", " en sloeg {n} zaden ({list})"]),
    ("ex.in", ["{n} in {pit}", "{n} ở ô {pit}", "{n} uit {pit}"]),
    ("ex.four", ["{side} took the four in {pit}", "{side} lấy bốn hạt ở ô {pit}", "{side} nam de vier in {pit}"]),
    ("ex.grand-slam", ["that was every seed in the opponent's row: a grand slam", "đó là toàn bộ hạt trong hàng đối thủ: ăn sạch cả hàng", "dat waren alle zaden in de rij van de tegenstander: een volledige slag"]),
    ("ex.grand-slam-voided", ["taking all {n} seeds of the opponent's row would empty it, so under these rules nothing is captured", "ăn cả {n} hạt của hàng đối thủ sẽ làm hàng đó trống, nên theo luật này không ăn được gì", "alle {n} zaden uit de rij van de tegenstander nemen zou die rij leeg maken, dus volgens deze regels wordt niets geslagen"]),
    ("ex.extra-turn", ["{side} made four with the last seed and moves again", "{side} tạo thành bốn hạt bằng hạt cuối và được đi thêm lượt nữa", "{side} maakte vier met het laatste zaad en is nog eens aan zet"]),
    ("ex.pass", ["{side} cannot move and passes", "{side} không đi được và bỏ lượt", "{side} kan niet zetten en past"]),
    ("ex.lot", ["the lot gives the last four seeds to {side}", "bốc thăm trao bốn hạt cuối cùng cho {side}", "het lot geeft de laatste vier zaden aan {side}"]),
    ("ex.award", ["{side} takes the {n} seeds left", "{side} nhận {n} hạt còn lại", "{side} krijgt de overige {n} zaden"]),
    ("ex.end", ["game over: {reason}; {result}", "ván kết thúc: {reason}; {result}", "einde van de partij: {reason}; {result}"]),
    ("ex.wins", ["{side} wins {score}", "{side} thắng {score}", "{side} wint met {score}"]),
    ("ex.draw", ["a draw, {score}", "hòa {score}", "remise, {score}"]),
    ("ex.to-move", ["{side} to move.", "Đến lượt {side}.", "{side} is aan zet."]),
    // The lobby, correspondence games and the home page's waiting games
    // (issue 12).
    ("nav.lobby", ["Lobby", "Sảnh chờ", "Speelzaal"]),
    ("lobby.title", ["Lobby: find an opponent", "Sảnh chờ: tìm đối thủ", "Speelzaal: vind een tegenstander"]),
    ("lobby.intro", ["Take a game someone has offered, offer one yourself, or let quick pairing find you a player of about your strength. Guests play friendly games; rated games need an account.", "Nhận một ván người khác đang mời, tự mời một ván, hoặc để ghép cặp nhanh tìm cho bạn người chơi ngang sức. Khách chơi ván giao hữu; ván tính điểm cần có tài khoản.", "Neem een partij aan die iemand aanbiedt, bied er zelf een aan, of laat snel koppelen een speler van ongeveer jouw sterkte zoeken. Gasten spelen vriendschappelijk; voor partijen met rating is een account nodig."]),
    ("lobby.quick", ["Quick pairing", "Ghép cặp nhanh", "Snel koppelen"]),
    ("lobby.quick-note", ["Choose a game and clock: you are paired with the next player waiting for the same whose rating is close to yours. The longer you wait, the wider the range.", "Chọn trò chơi và đồng hồ: bạn được ghép với người tiếp theo đang chờ cùng lựa chọn và có điểm gần bạn. Chờ càng lâu, khoảng điểm càng rộng.", "Kies een spel en een klok: je wordt gekoppeld aan de volgende speler die op hetzelfde wacht en een rating dicht bij de jouwe heeft. Hoe langer je wacht, hoe ruimer de marge."]),
    ("lobby.quick-waiting", ["Waiting for an opponent: {setting}", "Đang chờ đối thủ: {setting}", "Wachten op een tegenstander: {setting}"]),
    ("lobby.quick-stop", ["Stop waiting", "Thôi chờ", "Stoppen met wachten"]),
    ("lobby.waiting-count", ["{n} waiting", "{n} người đang chờ", "{n} wachtend"]),
    ("lobby.seeks", ["Open games", "Các ván đang mời", "Open partijen"]),
    ("lobby.no-seeks", ["Nobody is offering a game right now. Offer one below, or use quick pairing.", "Hiện chưa ai mời ván nào. Hãy tự mời ở bên dưới, hoặc dùng ghép cặp nhanh.", "Op dit moment biedt niemand een partij aan. Bied er hieronder een aan, of gebruik snel koppelen."]),
    ("lobby.take", ["Play", "Chơi", "Spelen"]),
    ("lobby.cancel", ["Cancel", "Hủy", "Annuleren"]),
    ("lobby.yours", ["your offer", "lời mời của bạn", "jouw aanbod"]),
    ("lobby.post", ["Offer a game", "Mời một ván", "Een partij aanbieden"]),
    ("lobby.post-button", ["Offer it", "Gửi lời mời", "Aanbieden"]),
    ("lobby.posted", ["Your offer is open while this page stays open.", "Lời mời của bạn còn hiệu lực khi trang này còn mở.", "Je aanbod blijft staan zolang deze pagina open is."]),
    ("lobby.timing", ["Time control", "Kiểm soát thời gian", "Bedenktijd"]),
    ("lobby.days", ["Days per move (correspondence)", "Số ngày cho mỗi nước (chơi thư)", "Dagen per zet (correspondentie)"]),
    ("lobby.untimed", ["No clock", "Không tính giờ", "Zonder klok"]),
    ("lobby.rated", ["Rated (both players signed in)", "Tính điểm xếp hạng (cả hai đã đăng nhập)", "Met rating (beide spelers aangemeld)"]),
    ("lobby.rated-guest", ["Rated (sign in to play rated games)", "Tính điểm xếp hạng (hãy đăng nhập để chơi ván tính điểm)", "Met rating (log in om partijen met rating te spelen)"]),
    ("lobby.casual", ["friendly", "giao hữu", "vriendschappelijk"]),
    ("lobby.rated-short", ["rated", "tính điểm", "met rating"]),
    ("lobby.range", ["Opponent's rating (optional)", "Điểm của đối thủ (không bắt buộc)", "Rating van de tegenstander (niet verplicht)"]),
    ("lobby.range-min", ["At least", "Ít nhất", "Minstens"]),
    ("lobby.range-max", ["At most", "Nhiều nhất", "Hoogstens"]),
    ("lobby.range-short", ["ratings {min}-{max}", "điểm {min}-{max}", "rating {min}-{max}"]),
    ("lobby.guest-note", ["You are a guest here: your games are friendly ones. Sign in to play rated games.", "Bạn đang là khách: các ván của bạn là ván giao hữu. Hãy đăng nhập để chơi ván tính điểm.", "Je bent hier te gast: je partijen zijn vriendschappelijk. Meld je aan om met rating te spelen."]),
    ("lobby.challenge", ["Challenge a player", "Thách đấu một người chơi", "Een speler uitdagen"]),
    ("lobby.challenge-name", ["The player's account name", "Tên tài khoản của người chơi", "De accountnaam van de speler"]),
    ("lobby.challenge-send", ["Send the challenge", "Gửi lời thách đấu", "Uitdaging versturen"]),
    ("lobby.challenge-guest", ["Sign in to challenge a player by name.", "Hãy đăng nhập để thách đấu một người chơi theo tên.", "Meld je aan om een speler bij naam uit te dagen."]),
    ("lobby.challenge-sent", ["Challenge sent to {name}: waiting for the answer.", "Đã gửi lời thách đấu tới {name}: đang chờ trả lời.", "Uitdaging verstuurd naar {name}: wachten op antwoord."]),
    ("lobby.challenges", ["Challenges", "Lời thách đấu", "Uitdagingen"]),
    ("lobby.challenge-from", ["{name} challenges you", "{name} thách đấu bạn", "{name} daagt je uit"]),
    ("lobby.challenge-to", ["You challenged {name}", "Bạn đã thách đấu {name}", "Je hebt {name} uitgedaagd"]),
    ("lobby.accept", ["Accept", "Nhận lời", "Aannemen"]),
    ("lobby.decline", ["Decline", "Từ chối", "Afslaan"]),
    ("lobby.withdraw", ["Withdraw", "Rút lại", "Intrekken"]),
    ("lobby.declined", ["Your challenge was declined.", "Lời thách đấu của bạn đã bị từ chối.", "Je uitdaging is afgeslagen."]),
    ("lobby.withdrawn", ["A challenge to you was withdrawn.", "Một lời thách đấu gửi bạn đã được rút lại.", "Een uitdaging aan jou is ingetrokken."]),
    ("lobby.paired", ["Game found against {name}: opening it.", "Đã tìm được ván với {name}: đang mở.", "Partij gevonden tegen {name}: hij wordt geopend."]),
    ("lobby.failed", ["The game could not be started; please try again.", "Không bắt đầu được ván; vui lòng thử lại.", "De partij kon niet beginnen; probeer het opnieuw."]),
    ("lobby.offline", ["The connection to the lobby was lost; reconnecting.", "Mất kết nối với sảnh chờ; đang kết nối lại.", "De verbinding met de speelzaal is verbroken; opnieuw verbinden."]),
    ("lobby.days-n", ["{n} days per move", "{n} ngày mỗi nước", "{n} dagen per zet"]),
    ("lobby.day-1", ["1 day per move", "1 ngày mỗi nước", "1 dag per zet"]),
    ("lobby.side-south", ["plays South", "chơi bên Nam", "speelt Zuid"]),
    ("lobby.side-north", ["plays North", "chơi bên Bắc", "speelt Noord"]),
    ("lobby.side-random", ["side by lot", "bốc thăm bên", "kant door loting"]),
    ("new.days", ["Or correspondence: days per move", "Hoặc chơi thư: số ngày cho mỗi nước", "Of correspondentie: dagen per zet"]),
    ("new.no-days", ["No, a live game", "Không, chơi trực tiếp", "Nee, een live partij"]),
    ("play.days", ["Correspondence game: {days} days per move.", "Ván chơi thư: {days} ngày cho mỗi nước.", "Correspondentiepartij: {days} dagen per zet."]),
    ("play.deadline", ["Correspondence game, {days} days per move: {side} must move by {date}.", "Ván chơi thư, {days} ngày mỗi nước: {side} phải đi trước {date}.", "Correspondentiepartij, {days} dagen per zet: {side} moet zetten vóór {date}."]),
    ("home.lobby", ["Find an opponent", "Tìm đối thủ", "Zoek een tegenstander"]),
    ("home.waiting", ["Your move", "Đến lượt bạn", "Jij bent aan zet"]),
    ("home.waiting-game", ["{game} against {opponent}", "{game} với {opponent}", "{game} tegen {opponent}"]),
    ("home.deadline", ["move by {date}", "đi trước {date}", "zet vóór {date}"]),
];

/// Texts allowed to be the same as the English in another language:
/// proper names, notation, and words the languages share ("Menu" is Dutch
/// too).
pub const SAME_EVERYWHERE: &[&str] = &["nav.menu"];

/// The interface texts for the browser, as a JSON object for one language.
pub fn bundle(lang: Lang) -> serde_json::Value {
    let map: serde_json::Map<String, serde_json::Value> = TEXTS
        .iter()
        .map(|(k, v)| (k.to_string(), serde_json::Value::from(v[lang.index()])))
        .collect();
    serde_json::Value::Object(map)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn every_key_is_once_in_its_namespace_with_its_three_languages() {
        let mut seen = BTreeSet::new();
        for (space, texts) in TABLE {
            for (key, t) in texts.iter() {
                assert!(seen.insert((*space, *key)), "{space:?} {key} is in the table twice");
                assert!(t.iter().all(|t| !t.trim().is_empty()), "{space:?} {key} lacks a language");
            }
        }
        assert_eq!(INDEX.len(), seen.len());
    }

    /// Every key the code names as a literal, read from the sources: the
    /// common lookups (`t(lang, "...")`) and each feature's (`pt`, `ct`,
    /// the class and tournament pages' `text`, the diagram's `word`).
    #[test]
    fn every_key_the_code_asks_for_is_in_the_table() {
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = Vec::new();
        let mut dirs = vec![src.clone()];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    files.push(path);
                }
            }
        }
        let lookups: &[(&str, &str, Option<&str>)] = &[
            ("t(", "", None),
            ("pt(", "puzzles", None),
            ("ct(", "compositions", None),
            ("text(", "classes", Some("classes/pages.rs")),
            ("text(", "tournaments", Some("tournaments/pages.rs")),
            ("word(", "diagram", Some("diagram.rs")),
        ];
        // A file named here that has moved would make its keys unchecked.
        for (_, _, only) in lookups {
            if let Some(only) = only {
                assert!(src.join(only).is_file(), "src/{only} is gone: name its new place here");
            }
        }
        let mut asked = 0;
        for file in &files {
            let code = std::fs::read_to_string(file).unwrap();
            let name = file.strip_prefix(&src).unwrap().to_string_lossy().replace('\\', "/");
            if name == "i18n/mod.rs" {
                continue; // the lookups themselves
            }
            for (call, space, only) in lookups {
                if only.is_some_and(|o| o != name) {
                    continue;
                }
                for (at, _) in code.match_indices(call) {
                    // A call of this name, not the tail of another name.
                    let before = code[..at].chars().next_back();
                    if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                        continue;
                    }
                    // `crate::i18n::text(lang, "classes", key)`: the
                    // feature's own lookup, not a key.
                    if !space.is_empty() && before == Some(':') {
                        continue;
                    }
                    let line = &code[code[..at].rfind('\n').map_or(0, |n| n + 1)..at];
                    if line.trim_start().starts_with("//") {
                        continue;
                    }
                    let args = &code[at + call.len()..];
                    let Some(rest) = args.split_once(',').map(|(_, r)| r.trim_start()) else {
                        continue;
                    };
                    let Some(literal) = rest.strip_prefix('"') else { continue };
                    let key = &literal[..literal.find('"').unwrap()];
                    asked += 1;
                    assert!(
                        lookup(Lang::En, space, key).is_some(),
                        "{name} asks for {space:?} {key}, which the table lacks"
                    );
                }
            }
        }
        assert!(asked > 150, "only {asked} keys found: the scan is broken");
    }

    #[test]
    fn a_missing_key_shows_as_itself() {
        assert_eq!(text(Lang::Vi, "puzzles", "no.such.key"), "no.such.key");
        assert_eq!(t(Lang::En, "res.draw"), "Draw");
        assert_eq!(text(Lang::En, "tournaments", "res.draw"), "drawn");
        assert_eq!(text(Lang::En, "classes", "res.draw"), "draw");
    }
}
