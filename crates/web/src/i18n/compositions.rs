//! The composition pages' texts (`puzzles/compositions/pages.rs`).
//! Part of the one text table ([`super::text`]), namespace `compositions`.

/// The compositions' texts, `[en, vi, nl]`.
pub const TEXTS: &[(&str, [&str; 3])] = &[
    ("cp.title", ["Compositions", "Bài cờ sáng tác", "Composities"]),
    (
        "cp.intro",
        [
            "Endgame problems set by players, each proven by the solver before it was published. The Anuak compose such problems for Anywoli; here anyone can: set a position up on the analysis board and choose \"Publish as a composition\".",
            "Các bài cờ tàn do người chơi đặt ra, bài nào cũng được máy giải chứng minh trước khi đăng. Người Anuak có truyền thống sáng tác những bài như thế cho Anywoli; ở đây ai cũng làm được: bày thế cờ trên bàn phân tích rồi chọn \"Đăng thành bài cờ sáng tác\".",
            "Eindspelproblemen die spelers hebben opgesteld, elk door de oplosser bewezen voordat het werd gepubliceerd. De Anuak componeren zulke problemen voor Anywoli; hier kan iedereen het: zet een stelling op het analysebord en kies \"Publiceren als compositie\".",
        ],
    ),
    ("cp.newest", ["Newest", "Mới nhất", "Nieuwste"]),
    ("cp.most-solved", ["Most solved", "Được giải nhiều nhất", "Vaakst opgelost"]),
    ("cp.by", ["by {name}", "của {name}", "door {name}"]),
    ("cp.solved", ["solved {n} times", "đã được giải {n} lần", "{n} keer opgelost"]),
    (
        "cp.none",
        [
            "No compositions for this game yet: set one up on the analysis board.",
            "Trò chơi này chưa có bài cờ sáng tác nào: hãy bày một thế cờ trên bàn phân tích.",
            "Nog geen composities voor dit spel: zet er een op het analysebord.",
        ],
    ),
    ("cp.value.win", ["{side} to move wins", "{side} đi trước và thắng", "{side} aan zet wint"]),
    ("cp.value.draw", ["{side} to move draws", "{side} đi trước và hòa", "{side} aan zet speelt remise"]),
    ("cp.value.loss", ["{side} to move loses", "{side} đi trước và thua", "{side} aan zet verliest"]),
    (
        "cp.study",
        [
            "A study: more than one first move keeps the result, so it is shown with the solver's line rather than solved.",
            "Một thế cờ nghiên cứu: có hơn một nước đầu giữ được kết quả, nên thế cờ được trình bày cùng đường đi của máy giải thay vì để giải.",
            "Een studie: meer dan één eerste zet behoudt het resultaat, dus ze wordt getoond met de variant van de oplosser in plaats van opgelost.",
        ],
    ),
    ("cp.keeping", ["First moves that keep the result: {moves}", "Các nước đầu giữ được kết quả: {moves}", "Eerste zetten die het resultaat behouden: {moves}"]),
    ("cp.line", ["The solver's line: {moves}", "Đường đi của máy giải: {moves}", "De variant van de oplosser: {moves}"]),
    ("cp.all", ["All compositions of this game", "Mọi bài cờ sáng tác của trò chơi này", "Alle composities van dit spel"]),
    ("cp.analyse", ["Open on the analysis board", "Mở trên bàn phân tích", "Openen op het analysebord"]),
    ("cp.game", ["Game", "Trò chơi", "Spel"]),
    ("cp.order", ["Order", "Thứ tự", "Volgorde"]),
];
