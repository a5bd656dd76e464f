//! The rules pages, in our own words, in English, Vietnamese and Dutch
//! (`[en, vi, nl]` for every paragraph). A paragraph starting with `- ` is a
//! list item; words in backticks are notation. The facts follow
//! `docs/rules/*.md` and the shared RULES.md (kept outside the repository:
//! see docs/sources.md).

mod round_and_round;

/// The languages of every text, in the order of its `[en, vi, nl]` array.
pub const LANGS: [&str; 3] = ["en", "vi", "nl"];

/// The section titles by key, `[en, vi, nl]`.
pub const SECTION_TITLES: &[(&str, [&str; 3])] = &[
    ("sec.overview", ["Overview", "Tổng quan", "Overzicht"]),
    ("sec.board", ["The board", "Bàn chơi", "Het bord"]),
    ("sec.howto", ["How to play", "Cách chơi", "Zo speel je"]),
    ("sec.captures", ["Captures", "Ăn hạt", "Slaan"]),
    ("sec.feeding", ["Feeding", "Nhường hạt", "Voeden"]),
    ("sec.end", ["How the game ends", "Khi nào ván kết thúc", "Het einde van de partij"]),
    ("sec.last-four", ["The last four seeds", "Bốn hạt cuối cùng", "De laatste vier zaden"]),
    ("sec.winner", ["Who wins", "Ai thắng", "Wie wint"]),
    (
        "sec.house",
        [
            "Notes and house rules",
            "Ghi chú và quy ước riêng của nền tảng",
            "Opmerkingen en huisregels",
        ],
    ),
    ("sec.notes", ["Notes", "Ghi chú", "Opmerkingen"]),
    ("sec.history", ["History", "Lịch sử", "Geschiedenis"]),
    ("sec.sources", ["Sources", "Nguồn tham khảo", "Bronnen"]),
];

/// The title of a section in language `lang` (an index of [`LANGS`]).
pub fn section_title(key: &str, lang: usize) -> Option<&'static str> {
    SECTION_TITLES.iter().find(|(k, _)| *k == key).map(|(_, texts)| texts[lang])
}

/// The page of a page id or ruleset id, with the index of the ruleset among
/// the page's variants (0 for a page id).
pub fn find_page(id: &str) -> Option<(&'static GamePage, usize)> {
    PAGES.iter().find_map(|page| {
        if page.id == id {
            return Some((page, 0));
        }
        page.variants.iter().position(|(v, _)| *v == id).map(|i| (page, i))
    })
}

/// One section of a page: a title key of [`SECTION_TITLES`] and its paragraphs.
pub struct Section {
    pub title: &'static str,
    pub items: &'static [[&'static str; 3]],
}

/// A game's page: shared sections, then one set per variant (shown as tabs
/// when there are several), then the house rules, then the history and its
/// sources.
pub struct GamePage {
    /// The page's URL id.
    pub id: &'static str,
    pub name: &'static str,
    /// Ruleset ids and their names, the first being the default.
    pub variants: &'static [(&'static str, &'static str)],
    pub place: [&'static str; 3],
    pub character: [&'static str; 3],
    pub sections: &'static [Section],
    /// One list per variant, in the order of `variants`.
    pub variant_sections: &'static [&'static [Section]],
    pub house: &'static [Section],
    /// The game's history and the sources it is told from, after the rules.
    pub history: &'static [Section],
}

/// How a 2 x 6 board looks and is named (Barbados Warri, Wahree, Oware).
const BOARD_6: [&str; 3] = [
    "Two rows of six pits with four seeds in each at the start, 48 seeds in all. South owns the near row and moves first; North owns the far row. Captured seeds go to each player's store, on their right; no seed is ever sown into a store. South's pits are `a`..`f` from South's left to right, North's are `A`..`F` from North's left to right, so the letters follow the direction of sowing. A move is written as the letter of the pit it empties.",
    "Hai hàng, mỗi hàng sáu ô, lúc bắt đầu mỗi ô có bốn hạt, tổng cộng 48 hạt. Nam giữ hàng gần mình và đi trước; Bắc giữ hàng phía xa. Hạt ăn được bỏ vào kho của mỗi người, đặt bên tay phải người đó; không bao giờ gieo hạt vào kho. Các ô của Nam là `a`..`f` tính từ trái sang phải theo hướng nhìn của Nam, các ô của Bắc là `A`..`F` tính từ trái sang phải theo hướng nhìn của Bắc, nên thứ tự chữ cái trùng với chiều gieo. Mỗi nước đi được ghi bằng chữ cái của ô được bốc hết hạt.",
    "Twee rijen van zes putjes, met bij de start vier zaden in elk putje: 48 zaden in totaal. Zuid speelt met de rij aan zijn kant van het bord en begint; Noord met de rij aan de overkant. Geslagen zaden gaan naar de voorraad van de speler, rechts van hem; in een voorraad wordt nooit gezaaid. De putjes van Zuid heten `a`..`f`, van links naar rechts gezien vanuit Zuid, die van Noord `A`..`F`, van links naar rechts gezien vanuit Noord, zodat de letters de zaairichting volgen. Een zet schrijf je als de letter van het putje dat je leegmaakt.",
];

/// Sowing in the Oware family.
const SOW_6: [&str; 3] = [
    "- Players take turns, South first. Pick up every seed of one non-empty pit in your own row and drop them one at a time into the following pits, counter-clockwise: `a` to `f`, then `A` to `F`, then back to `a`.",
    "- Hai người lần lượt đi, Nam đi trước. Bốc hết hạt của một ô không trống trong hàng của mình rồi rải từng hạt một vào các ô kế tiếp theo chiều ngược kim đồng hồ: từ `a` đến `f`, rồi từ `A` đến `F`, rồi quay lại `a`.",
    "- De spelers zijn om de beurt aan zet, Zuid eerst. Pak alle zaden uit één niet-leeg putje in je eigen rij en leg ze één voor één in de volgende putjes, tegen de klok in: `a` tot `f`, dan `A` tot `F`, en weer terug naar `a`.",
];

const SKIP_6: [&str; 3] = [
    "- A sowing of twelve seeds or more goes all the way round; the pit it started from is passed over every time and stays empty.",
    "- Nếu gieo từ mười hai hạt trở lên thì hạt đi hết một vòng bàn; ô vừa bốc luôn được bỏ qua và vẫn trống.",
    "- Wie twaalf zaden of meer zaait, gaat het hele bord rond; het putje waaruit je begon wordt elke keer overgeslagen en blijft leeg.",
];

const EXAMPLE_6: [&str; 3] = [
    "- Example: from the start South plays `c`; `d`, `e`, `f` and `A` each get one seed.",
    "- Ví dụ: từ thế ban đầu Nam đi `c`; các ô `d`, `e`, `f` và `A` mỗi ô nhận một hạt.",
    "- Voorbeeld: vanuit de beginstand speelt Zuid `c`; `d`, `e`, `f` en `A` krijgen elk één zaad.",
];

const CAPTURE_6: [&str; 3] = [
    "If your last seed lands in one of your opponent's pits and brings it to 2 or 3 seeds, you take them. Then look at the pit just before it: if it also belongs to your opponent and holds 2 or 3, take those as well, and so on backwards with no limit. The chain stops at the first pit with another count or on your own side.",
    "Nếu hạt cuối cùng rơi vào một ô của đối thủ và làm ô đó có 2 hoặc 3 hạt, bạn ăn số hạt ấy. Sau đó xét ô ngay trước nó: nếu ô này cũng thuộc đối thủ và có 2 hoặc 3 hạt thì ăn luôn, cứ thế lùi dần không giới hạn. Chuỗi ăn dừng ở ô đầu tiên có số hạt khác hoặc nằm bên phía bạn.",
    "Komt je laatste zaad in een putje van je tegenstander en ligt er dan 2 of 3, dan sla je die zaden. Kijk daarna naar het putje ervoor: is dat ook van je tegenstander en liggen er 2 of 3, dan sla je die ook, en zo verder terug zonder grens. De reeks stopt bij het eerste putje met een ander aantal of aan jouw kant.",
];

/// The capture example of the 2 x 6 games, true in each: North's whole row
/// is given, so that the move neither empties it nor depends on seeds not
/// named. `tests/web/learn.rs` plays each example with the rules library.
const CAPTURE_EXAMPLE_6: [&str; 3] = [
    "- Example: South's `e` holds 3 and North's row is `A` = 1, `B` = 2, `C` = 4, `D` = 0, `E` = 2, `F` = 3. South plays `e`: the seeds go to `f`, `A` and `B`; `B` now holds 3 and `A` holds 2, so South takes 5, and North keeps the seeds in `C`, `E` and `F`.",
    "- Ví dụ: ô `e` của Nam có 3 hạt và hàng của Bắc là `A` = 1, `B` = 2, `C` = 4, `D` = 0, `E` = 2, `F` = 3. Nam đi `e`: các hạt rơi vào `f`, `A` và `B`; lúc này `B` có 3 và `A` có 2, nên Nam ăn 5 hạt, còn Bắc giữ các hạt ở `C`, `E` và `F`.",
    "- Voorbeeld: in `e` van Zuid liggen 3 zaden en de rij van Noord is `A` = 1, `B` = 2, `C` = 4, `D` = 0, `E` = 2, `F` = 3. Zuid speelt `e`: de zaden gaan naar `f`, `A` en `B`; in `B` liggen er nu 3 en in `A` 2, dus Zuid slaat er 5, en Noord houdt de zaden in `C`, `E` en `F`.",
];

/// Wahree's: the same, and what the move does to a row of only `A` and `B`.
const CAPTURE_EXAMPLE_WAHREE: [&str; 3] = [
    "- Example: South's `e` holds 3 and North's row is `A` = 1, `B` = 2, `C` = 4, `D` = 0, `E` = 2, `F` = 3. South plays `e`: the seeds go to `f`, `A` and `B`; `B` now holds 3 and `A` holds 2, so South takes 5, and North keeps the seeds in `C`, `E` and `F`. Had North's row held nothing but `A` = 1 and `B` = 2, the same move would take the whole row: a wipe-out, which ends the game.",
    "- Ví dụ: ô `e` của Nam có 3 hạt và hàng của Bắc là `A` = 1, `B` = 2, `C` = 4, `D` = 0, `E` = 2, `F` = 3. Nam đi `e`: các hạt rơi vào `f`, `A` và `B`; lúc này `B` có 3 và `A` có 2, nên Nam ăn 5 hạt, còn Bắc giữ các hạt ở `C`, `E` và `F`. Nếu hàng của Bắc chỉ có `A` = 1 và `B` = 2, cùng nước đi ấy sẽ ăn hết cả hàng: đó là ăn sạch, và ván kết thúc.",
    "- Voorbeeld: in `e` van Zuid liggen 3 zaden en de rij van Noord is `A` = 1, `B` = 2, `C` = 4, `D` = 0, `E` = 2, `F` = 3. Zuid speelt `e`: de zaden gaan naar `f`, `A` en `B`; in `B` liggen er nu 3 en in `A` 2, dus Zuid slaat er 5, en Noord houdt de zaden in `C`, `E` en `F`. Had de rij van Noord alleen `A` = 1 en `B` = 2 bevat, dan sloeg dezelfde zet de hele rij: een kaalslag, en daarmee is de partij uit.",
];

/// Abapa's: the same, and what the move does to a row of only `A` and `B`.
const CAPTURE_EXAMPLE_ABAPA: [&str; 3] = [
    "- Example: South's `e` holds 3 and North's row is `A` = 1, `B` = 2, `C` = 4, `D` = 0, `E` = 2, `F` = 3. South plays `e`: the seeds go to `f`, `A` and `B`; `B` now holds 3 and `A` holds 2, so South takes 5, and North keeps the seeds in `C`, `E` and `F`. Had North's row held nothing but `A` = 1 and `B` = 2, the same move would take the whole row, a grand slam, which in Abapa captures nothing.",
    "- Ví dụ: ô `e` của Nam có 3 hạt và hàng của Bắc là `A` = 1, `B` = 2, `C` = 4, `D` = 0, `E` = 2, `F` = 3. Nam đi `e`: các hạt rơi vào `f`, `A` và `B`; lúc này `B` có 3 và `A` có 2, nên Nam ăn 5 hạt, còn Bắc giữ các hạt ở `C`, `E` và `F`. Nếu hàng của Bắc chỉ có `A` = 1 và `B` = 2, cùng nước đi ấy sẽ lấy hết cả hàng, mà ở Abapa ăn sạch cả hàng như thế thì không được hạt nào.",
    "- Voorbeeld: in `e` van Zuid liggen 3 zaden en de rij van Noord is `A` = 1, `B` = 2, `C` = 4, `D` = 0, `E` = 2, `F` = 3. Zuid speelt `e`: de zaden gaan naar `f`, `A` en `B`; in `B` liggen er nu 3 en in `A` 2, dus Zuid slaat er 5, en Noord houdt de zaden in `C`, `E` en `F`. Had de rij van Noord alleen `A` = 1 en `B` = 2 bevat, dan nam dezelfde zet de hele rij, een volledige slag, en die slaat in Abapa niets.",
];

const FEED_CAPTURES: [&str; 3] = [
    "If your opponent's row is empty when it is your turn, you must choose a move after which they have at least one seed, counting that move's captures: sowing into the empty row and then taking everything back does not count. If no move does this, any move is allowed. While your opponent has seeds, every move is allowed.",
    "Nếu đến lượt bạn mà hàng của đối thủ trống, bạn phải chọn nước đi sao cho sau nước đó đối thủ còn ít nhất một hạt, tính cả số hạt bị ăn trong nước ấy: gieo vào hàng trống rồi ăn lại hết thì không được tính. Nếu không có nước nào như vậy, bạn được đi bất kỳ nước nào. Khi đối thủ còn hạt, mọi nước đều hợp lệ.",
    "Is de rij van je tegenstander leeg wanneer jij aan zet bent, dan moet je een zet kiezen waarna hij minstens één zaad heeft, de slagen van die zet meegerekend: in de lege rij zaaien en alles meteen weer slaan telt niet. Kan geen enkele zet dat, dan mag je elke zet doen. Zolang je tegenstander zaden heeft, is elke zet toegestaan.",
];

const CYCLE: [&str; 3] = [
    "- Cycles: the seeds sometimes go round and round without a capture. Here that is made exact: the first time a position (every pit's count, both stores and the side to move) repeats since the last capture, that is at its second occurrence, the game ends at once. The start counts, and so does the position right after a capture.",
    "- Vòng lặp: đôi khi các hạt cứ quay vòng mãi mà không ai ăn được. Ở đây điều đó được quy định chính xác: khi một thế cờ (số hạt trong từng ô, hai kho và bên đến lượt) xuất hiện lần thứ hai kể từ lần ăn gần nhất, ván kết thúc ngay. Thế ban đầu được tính, thế ngay sau một lần ăn cũng vậy.",
    "- Kringlopen: soms blijven de zaden rondgaan zonder dat er iets geslagen wordt. Hier is dat precies geregeld: komt een stelling (het aantal in elk putje, beide voorraden en wie aan zet is) sinds de laatste slag voor het eerst terug, dus bij de tweede keer dat hij voorkomt, dan is de partij meteen afgelopen. De beginstand telt mee, net als de stelling direct na een slag.",
];

const AGREED: [&str; 3] = [
    "- By agreement: either player may offer to stop because the seeds circulate; if the other accepts, the game ends exactly as at a cycle. Against the computer, it accepts unless that would lose it the game or throw away a lead.",
    "- Thỏa thuận: mỗi người có thể đề nghị dừng vì các hạt cứ quay vòng; nếu người kia đồng ý, ván kết thúc y như khi có vòng lặp. Khi chơi với máy, máy đồng ý trừ khi việc đó làm nó thua hoặc mất phần hơn.",
    "- In onderling overleg: elke speler mag voorstellen te stoppen omdat de zaden rondgaan; gaat de ander akkoord, dan eindigt de partij precies zoals bij een kringloop. De computer stemt in, tenzij hij daardoor verliest of een voorsprong weggeeft.",
];

const RECORDS: [&str; 3] = [
    "- Resigning and an agreed end are ways a game record can end, not rules of play; a downloaded record says how its game ended.",
    "- Chịu thua và kết thúc theo thỏa thuận là cách một bản ghi ván chơi có thể kết thúc, không phải luật chơi; bản ghi tải về cho biết ván đã kết thúc thế nào.",
    "- Opgeven en stoppen in overleg zijn manieren waarop een partijverslag kan eindigen, geen spelregels; een gedownload verslag vermeldt hoe de partij afliep.",
];

const BARBADOS_SECTIONS: &[Section] = &[
    Section {
        title: "sec.overview",
        items: &[[
            "Barbados Warri, once called \"English Wari\" on the island, is one of two traditional mancala games of Barbados; the other, Round-and-Round Warri or \"French Wari\", is sown in many laps. Barbados Warri is Oware's Caribbean branch, played to 25 seeds, and it comes with two local ways of settling the end of a game, Speightstown's and Bridgetown's, shown below as two tabs.",
            "Barbados Warri, trước đây người trên đảo gọi là \"English Wari\", là một trong hai trò mancala truyền thống của Barbados; trò còn lại là Round-and-Round Warri hay \"French Wari\", gieo nhiều đợt liên tiếp. Barbados Warri là nhánh Caribe của Oware, chơi đến 25 hạt, với hai cách kết thúc ván tùy từng nơi, của Speightstown và của Bridgetown, trình bày bên dưới thành hai thẻ.",
            "Barbados Warri, op het eiland vroeger \"English Wari\" genoemd, is een van de twee traditionele mancalaspellen van Barbados; het andere, Round-and-Round Warri of \"French Wari\", wordt in vele rondes gezaaid. Barbados Warri is de Caribische tak van Oware, gespeeld tot 25 zaden, met twee plaatselijke manieren om de eindstand op te maken: die van Speightstown en die van Bridgetown, hieronder als twee tabbladen.",
        ]],
    },
    Section { title: "sec.board", items: &[BOARD_6] },
    Section { title: "sec.howto", items: &[SOW_6, SKIP_6, EXAMPLE_6] },
    Section {
        title: "sec.captures",
        items: &[
            CAPTURE_6,
            CAPTURE_EXAMPLE_6,
            [
                "- Grand slam is allowed: a move whose captures empty your opponent's whole row takes every one of those seeds. What happens next depends on the variant (see how the game ends).",
                "- Được phép ăn sạch cả hàng: một nước ăn làm trống toàn bộ hàng đối thủ sẽ lấy hết chỗ hạt đó. Chuyện gì xảy ra sau đó tùy theo biến thể (xem phần kết thúc ván).",
                "- Een volledige slag mag: een zet die de hele rij van je tegenstander leeg slaat, neemt al die zaden. Wat er daarna gebeurt, hangt af van de variant (zie het einde van de partij).",
            ],
        ],
    },
    Section { title: "sec.feeding", items: &[FEED_CAPTURES] },
];

const SPEIGHTSTOWN_SECTIONS: &[Section] = &[
    Section {
        title: "sec.end",
        items: &[
            [
                "- 25 seeds: as soon as a player has 25 or more in their store, the game ends and that player wins. This comes before everything else: seeds still on the board stay there and nobody is awarded them.",
                "- 25 hạt: ngay khi một người có từ 25 hạt trở lên trong kho, ván kết thúc và người đó thắng. Luật này được xét trước mọi luật khác: hạt còn trên bàn để nguyên, không ai được nhận.",
                "- 25 zaden: zodra een speler 25 of meer zaden in zijn voorraad heeft, is de partij uit en wint hij. Dit gaat voor al het andere: de zaden die nog op het bord liggen blijven liggen en niemand krijgt ze.",
            ],
            [
                "- Empty row: if the player to move has no seeds in their row, the game ends and that player takes every seed left on the board. So a grand slam can backfire: if it stays short of 25, it hands the victim everything still on the mover's side.",
                "- Hàng trống: nếu người đến lượt không còn hạt nào trong hàng, ván kết thúc và người đó nhận mọi hạt còn trên bàn. Vì vậy ăn sạch cả hàng có thể gây hại cho chính người đi: nếu chưa đạt 25, nước đó trao cho người bị ăn toàn bộ số hạt còn ở phía người vừa đi.",
                "- Lege rij: heeft de speler aan zet geen zaden meer in zijn rij, dan is de partij uit en krijgt die speler alle zaden die nog op het bord liggen. Een volledige slag kan zich dus tegen je keren: blijft hij onder de 25, dan krijgt het slachtoffer alles wat nog aan de kant van de zetter ligt.",
            ],
            [
                "- Example: South has 18, North 17, and North's row holds only `A` = 1 and `B` = 1. South plays `e` with 3 seeds and takes 4, a grand slam, reaching 22. North now has an empty row, so North takes the 9 seeds left in South's row and wins 26-22. Had South started with 21, the same move would reach 25 and win 25-17 at once, the 6 seeds left on the board staying uncaptured.",
                "- Ví dụ: Nam có 18, Bắc có 17, hàng của Bắc chỉ còn `A` = 1 và `B` = 1. Nam đi `e` có 3 hạt và ăn 4 hạt, ăn sạch cả hàng, lên 22. Giờ hàng của Bắc trống, nên Bắc nhận 9 hạt còn trong hàng của Nam và thắng 26-22. Nếu lúc đầu Nam có 21, cùng nước đi đó sẽ đạt 25 và thắng ngay 25-17, 6 hạt còn trên bàn để nguyên.",
                "- Voorbeeld: Zuid heeft 18, Noord 17, en in de rij van Noord liggen alleen `A` = 1 en `B` = 1. Zuid speelt `e` met 3 zaden en slaat er 4, een volledige slag, en komt op 22. Noord heeft nu een lege rij en krijgt dus de 9 zaden die nog in de rij van Zuid liggen: Noord wint met 26-22. Had Zuid eerst 21 gehad, dan bracht dezelfde zet hem op 25 en won hij meteen met 25-17, terwijl de 6 zaden op het bord blijven liggen.",
            ],
            [
                "- Cycle or agreement: the circulating seeds stay where they are; nobody takes them.",
                "- Vòng lặp hoặc thỏa thuận: các hạt đang quay vòng để nguyên, không ai lấy.",
                "- Kringloop of overleg: de rondgaande zaden blijven liggen; niemand krijgt ze.",
            ],
        ],
    },
    Section {
        title: "sec.winner",
        items: &[[
            "Only 25 seeds win. Every other finish is a draw: 24-24, or 24-22 with two seeds still going round. A cycle or an agreed end always comes with both players below 25, so in this variant it is always a draw. In a match, the first player to win six games wins; games alternate who plays South and draws do not count.",
            "Chỉ có 25 hạt mới thắng. Mọi cách kết thúc khác đều hòa: 24-24, hoặc 24-22 khi còn hai hạt quay vòng. Vòng lặp hay thỏa thuận luôn xảy ra khi cả hai còn dưới 25, nên ở biến thể này chúng luôn là hòa. Trong một trận đấu, ai thắng sáu ván trước sẽ thắng trận; hai người thay phiên nhau đi trước (chơi bên Nam) qua từng ván và ván hòa không được tính.",
            "Alleen 25 zaden winnen. Elk ander einde is remise: 24-24, of 24-22 met nog twee rondgaande zaden. Een kringloop of een einde in overleg komt altijd als beide spelers onder de 25 zitten, dus in deze variant is dat altijd remise. In een match wint wie het eerst zes partijen wint; de spelers wisselen elke partij wie Zuid is en remises tellen niet.",
        ]],
    },
];

const BRIDGETOWN_SECTIONS: &[Section] = &[
    Section {
        title: "sec.end",
        items: &[
            [
                "The game ends when a player reaches 25 seeds, when the player to move has an empty row, at a cycle, or by agreement. Whatever the reason, the seeds still on the board are then split equally; an odd seed goes to the player whose row holds more of them. This split replaces the Speightstown award to the player without seeds.",
                "Ván kết thúc khi một người đạt 25 hạt, khi người đến lượt có hàng trống, khi có vòng lặp, hoặc theo thỏa thuận. Dù vì lý do nào, số hạt còn trên bàn được chia đều; nếu lẻ một hạt thì hạt đó thuộc về người có nhiều hạt hơn trong hàng của mình. Cách chia này thay cho việc trao hết hạt cho người không còn hạt như ở Speightstown.",
                "De partij eindigt wanneer een speler 25 zaden haalt, wanneer de speler aan zet een lege rij heeft, bij een kringloop of in overleg. Om welke reden ook: de zaden die nog op het bord liggen worden dan gelijk verdeeld, en een oneven zaad gaat naar de speler in wiens rij er meer liggen. Deze verdeling komt in de plaats van de Speightstown-regel dat de speler zonder zaden alles krijgt.",
            ],
            [
                "- Example: South has 18, North 17, and North's row holds only `A` = 1 and `B` = 1. South plays `e` with 3 seeds and takes 4 (a grand slam). North must move with an empty row, so the game ends with 9 seeds in South's row: South gets 5, North 4, and South wins 27-21.",
                "- Ví dụ: Nam có 18, Bắc có 17, hàng của Bắc chỉ còn `A` = 1 và `B` = 1. Nam đi `e` có 3 hạt và ăn 4 hạt (ăn sạch cả hàng). Bắc đến lượt với hàng trống nên ván kết thúc, còn 9 hạt trong hàng của Nam: Nam được 5, Bắc được 4, Nam thắng 27-21.",
                "- Voorbeeld: Zuid heeft 18, Noord 17, en in de rij van Noord liggen alleen `A` = 1 en `B` = 1. Zuid speelt `e` met 3 zaden en slaat er 4 (een volledige slag). Noord moet zetten met een lege rij, dus de partij eindigt met 9 zaden in de rij van Zuid: Zuid krijgt er 5, Noord 4, en Zuid wint met 27-21.",
            ],
        ],
    },
    Section {
        title: "sec.winner",
        items: &[[
            "After the split, more seeds win; equal totals (24-24) are a draw. So a cycle at 24-22 with two seeds going round is split 1-1 and won 25-23, where Speightstown would call it a draw. Matches are played to six wins, as in Speightstown.",
            "Sau khi chia, ai nhiều hạt hơn thì thắng; bằng nhau (24-24) là hòa. Vì vậy một vòng lặp ở 24-22 với hai hạt quay vòng được chia 1-1 và kết thúc 25-23, trong khi Speightstown coi đó là hòa. Trận đấu cũng chơi đến sáu ván thắng như Speightstown.",
            "Na de verdeling wint wie meer zaden heeft; gelijke aantallen (24-24) zijn remise. Een kringloop bij 24-22 met twee rondgaande zaden wordt dus 1-1 verdeeld en met 25-23 gewonnen, waar Speightstown remise zou geven. Een match gaat tot zes overwinningen, net als in Speightstown.",
        ]],
    },
];

const BARBADOS_HOUSE: &[Section] = &[Section {
    title: "sec.house",
    items: &[
        CYCLE,
        AGREED,
        [
            "- Feeding counts the move's captures, and the 25-seed stop is checked before the empty-row award: the sources leave both open, so this platform settles them.",
            "- Việc nhường hạt có tính số hạt bị ăn trong nước đi, và điều kiện 25 hạt được xét trước phần thưởng cho hàng trống: các nguồn không nói rõ hai điểm này nên nền tảng này tự quy định.",
            "- Bij het voeden tellen de slagen van de zet mee, en de grens van 25 zaden gaat voor de regel van de lege rij: de bronnen laten beide open, dus dit platform legt ze vast.",
        ],
        RECORDS,
    ],
}];

const WAHREE_SECTIONS: &[Section] = &[
    Section {
        title: "sec.overview",
        items: &[[
            "Wahree, also spelled Wari, is the traditional mancala of the United States Virgin Islands and is loved above all on Saint Croix. It belongs to the Oware family; its mark is the wipe-out, a move that empties the opponent's row and ends the game at once.",
            "Wahree, còn viết là Wari, là trò mancala truyền thống của Quần đảo Virgin thuộc Hoa Kỳ và được yêu thích nhất ở Saint Croix. Trò này thuộc họ Oware; nét riêng của nó là nước ăn sạch: một nước làm trống hàng đối thủ và kết thúc ván ngay lập tức.",
            "Wahree, ook als Wari geschreven, is de traditionele mancala van de Amerikaanse Maagdeneilanden en is vooral op Saint Croix geliefd. Het hoort bij de Oware-familie; kenmerkend is de kaalslag: een zet die de rij van de tegenstander leegmaakt en de partij meteen beëindigt.",
        ]],
    },
    Section { title: "sec.board", items: &[BOARD_6] },
    Section { title: "sec.howto", items: &[SOW_6, SKIP_6, EXAMPLE_6] },
    Section {
        title: "sec.captures",
        items: &[
            CAPTURE_6,
            CAPTURE_EXAMPLE_WAHREE,
            [
                "- Wipe-out: a move whose captures take every seed in your opponent's row is allowed. It ends the game at once, and you also take every seed still on the board.",
                "- Ăn sạch: được phép đi một nước ăn hết mọi hạt trong hàng đối thủ. Nước đó kết thúc ván ngay, và bạn còn được lấy thêm mọi hạt còn trên bàn.",
                "- Kaalslag: een zet die alle zaden uit de rij van je tegenstander slaat, is toegestaan. De partij is dan meteen uit, en je krijgt er ook alle zaden bij die nog op het bord liggen.",
            ],
        ],
    },
    Section {
        title: "sec.feeding",
        items: &[[
            "If your opponent's row is empty at your turn, you must leave them at least one seed after your move, its captures counted. Feeding comes before the wipe-out: sowing into the empty row and then capturing all of it is not feeding, so it is allowed only when no feeding move exists. If none exists, any move is allowed.",
            "Nếu đến lượt bạn mà hàng đối thủ trống, sau nước đi bạn phải để lại cho họ ít nhất một hạt, tính cả số hạt bị ăn. Việc nhường hạt được ưu tiên hơn ăn sạch: gieo vào hàng trống rồi ăn hết thì không phải là nhường, nên chỉ được đi khi không có nước nhường nào. Nếu không có nước nhường nào, bạn được đi bất kỳ nước nào.",
            "Is de rij van je tegenstander leeg als jij aan zet bent, dan moet je hem na je zet minstens één zaad laten, de slagen meegerekend. Voeden gaat voor de kaalslag: in de lege rij zaaien en die daarna helemaal slaan is geen voeden, dus dat mag alleen als er geen voedende zet is. Is die er niet, dan mag elke zet.",
        ]],
    },
    Section {
        title: "sec.end",
        items: &[
            [
                "- Wipe-out: the game ends at once and the mover takes every seed left on the board.",
                "- Ăn sạch: ván kết thúc ngay và người vừa đi lấy mọi hạt còn trên bàn.",
                "- Kaalslag: de partij is meteen uit en de zetter krijgt alle zaden die nog op het bord liggen.",
            ],
            [
                "- Empty row, cycle or agreement: the game ends and each player takes the seeds in their own row.",
                "- Hàng trống, vòng lặp hoặc thỏa thuận: ván kết thúc và mỗi người lấy số hạt trong hàng của mình.",
                "- Lege rij, kringloop of overleg: de partij is uit en elke speler krijgt de zaden in zijn eigen rij.",
            ],
            [
                "- There is no 25-seed stop: play goes on after a player has more than half the seeds.",
                "- Không có điểm dừng ở 25 hạt: ván vẫn tiếp tục khi một người đã có hơn nửa số hạt.",
                "- Er is geen grens bij 25 zaden: er wordt doorgespeeld als een speler al meer dan de helft heeft.",
            ],
        ],
    },
    Section {
        title: "sec.winner",
        items: &[[
            "More seeds win, counting the store and anything taken at the end; 24-24 is a draw.",
            "Ai nhiều hạt hơn thì thắng, tính cả kho và số hạt nhận được khi kết thúc; 24-24 là hòa.",
            "Wie de meeste zaden heeft, wint; de voorraad telt mee en ook wat er aan het eind bij komt. 24-24 is remise.",
        ]],
    },
];

const WAHREE_HOUSE: &[Section] = &[Section {
    title: "sec.house",
    items: &[
        CYCLE,
        AGREED,
        [
            "- That feeding comes before the wipe-out is this platform's ruling; the sources allow the wipe-out but do not say which comes first.",
            "- Việc ưu tiên nhường hạt trước ăn sạch là quy ước của nền tảng này; các nguồn cho phép ăn sạch nhưng không nói luật nào được xét trước.",
            "- Dat voeden voor de kaalslag gaat, is de keuze van dit platform; de bronnen staan de kaalslag toe maar zeggen niet wat voorgaat.",
        ],
        RECORDS,
    ],
}];

const ANYWOLI_SECTIONS: &[Section] = &[
    Section {
        title: "sec.overview",
        items: &[[
            "Anywoli is the mancala of the Anuak people, in the Gambela region of western Ethiopia and across the border in South Sudan. Its board of two rows of twelve pits with 96 seeds is among the largest two-row boards in Africa, and its sowing relays on from pit to pit, capturing every four it makes.",
            "Anywoli là trò mancala của người Anuak, ở vùng Gambela phía tây Ethiopia và bên kia biên giới ở Nam Sudan. Bàn chơi hai hàng mười hai ô với 96 hạt thuộc loại lớn nhất trong các bàn hai hàng ở châu Phi, và hạt được gieo tiếp từ ô này sang ô khác, nhóm bốn hạt nào tạo thành dọc đường cũng bị ăn.",
            "Anywoli is de mancala van de Anuak, in de regio Gambela in het westen van Ethiopië en over de grens in Zuid-Soedan. Met twee rijen van twaalf putjes en 96 zaden is het bord een van de grootste tweerijige borden van Afrika, en het zaaien gaat van putje tot putje door, waarbij elke vier die ontstaat geslagen wordt.",
        ]],
    },
    Section {
        title: "sec.board",
        items: &[[
            "Two rows of twelve pits with four seeds each at the start, 96 in all. South owns the near row and moves first, North the far row. Each player has a store on their right for captured seeds; seeds are never sown into a store. South's pits are `a`..`l`, North's `A`..`L`, each from its owner's left to right. A move is the letter of the pit emptied.",
            "Hai hàng, mỗi hàng mười hai ô, lúc đầu mỗi ô bốn hạt, tổng cộng 96 hạt. Nam giữ hàng gần và đi trước, Bắc giữ hàng xa. Mỗi người có một kho bên tay phải để chứa hạt ăn được; không bao giờ gieo hạt vào kho. Các ô của Nam là `a`..`l`, của Bắc là `A`..`L`, đều tính từ trái sang phải theo hướng nhìn của chủ ô. Mỗi nước đi là chữ cái của ô được bốc hết hạt.",
            "Twee rijen van twaalf putjes met bij de start vier zaden in elk, 96 in totaal. Zuid speelt met de rij aan zijn kant van het bord en begint, Noord met de rij aan de overkant. Elke speler heeft rechts van zich een voorraad voor geslagen zaden; daarin wordt nooit gezaaid. De putjes van Zuid heten `a`..`l`, die van Noord `A`..`L`, telkens van links naar rechts gezien vanuit de eigenaar. Een zet is de letter van het putje dat je leegmaakt.",
        ]],
    },
    Section {
        title: "sec.howto",
        items: &[
            [
                "- Lift all the seeds of a non-empty pit in your row and sow them one per pit, counter-clockwise through all 24 pits. No pit is skipped, not even the one you emptied.",
                "- Bốc hết hạt của một ô không trống trong hàng của bạn rồi gieo mỗi ô một hạt, ngược chiều kim đồng hồ qua cả 24 ô. Không bỏ qua ô nào, kể cả ô vừa bốc.",
                "- Pak alle zaden uit een niet-leeg putje in je rij en zaai er één per putje, tegen de klok in langs alle 24 putjes. Er wordt geen putje overgeslagen, ook niet het putje dat je leegmaakte.",
            ],
            [
                "- Relay: if the last seed lands in a pit that already had seeds, lift them all, the new one included, and go on sowing from the next pit. Each handful is a lap.",
                "- Gieo tiếp: nếu hạt cuối rơi vào một ô đã có hạt, hãy bốc hết hạt ở ô đó, kể cả hạt vừa thả, rồi gieo tiếp từ ô kế tiếp. Mỗi nắm hạt là một đợt gieo.",
                "- Doorzaaien: komt het laatste zaad in een putje waar al zaden lagen, pak ze dan allemaal op, het nieuwe meegerekend, en zaai verder vanaf het volgende putje. Elke handvol is een ronde.",
            ],
            [
                "- The move ends when the last seed of a lap falls into an empty pit, or when it makes four (see captures). A player with no seeds in their row passes.",
                "- Nước đi kết thúc khi hạt cuối của một đợt gieo rơi vào ô trống, hoặc khi nó tạo thành bốn hạt (xem phần ăn hạt). Người không còn hạt trong hàng thì bỏ lượt.",
                "- De zet is uit als het laatste zaad van een ronde in een leeg putje valt, of als het er vier van maakt (zie slaan). Een speler zonder zaden in zijn rij past.",
            ],
        ],
    },
    Section {
        title: "sec.captures",
        items: &[
            [
                "- Fours on the way: when a seed that is not the last of its lap brings any pit to exactly four, the owner of that pit takes the four at once, whoever is moving, and sowing goes on.",
                "- Bốn hạt dọc đường: khi một hạt không phải hạt cuối của đợt gieo làm một ô có đúng bốn hạt, chủ của ô đó lấy ngay bốn hạt ấy, dù ai đang đi, và việc gieo vẫn tiếp tục.",
                "- Vieren onderweg: maakt een zaad dat niet het laatste van zijn ronde is van een putje precies vier, dan neemt de eigenaar van dat putje die vier meteen, wie er ook aan zet is, en het zaaien gaat door.",
            ],
            [
                "- Four at the end of a lap: when the last seed of a lap makes exactly four, the mover takes them wherever the pit is, the move ends, and the mover plays again.",
                "- Bốn hạt ở cuối đợt gieo: khi hạt cuối của một đợt gieo tạo thành đúng bốn hạt, người đang đi lấy chúng dù ô nằm ở đâu, nước đi kết thúc và người đó được đi tiếp.",
                "- Vier aan het eind van een ronde: maakt het laatste zaad van een ronde precies vier, dan neemt de zetter ze, waar het putje ook ligt; de zet is uit en de zetter is nog een keer aan de beurt.",
            ],
            [
                "- Example of a relay with fours taken on the way: South plays `e` (2 seeds) into `f` and `g`. `g` held 8 and now 9, so all 9 are lifted and sown from `h` round to `D`; on the way the seed dropped into `C` makes it four, and North, its owner, takes them at once. `D` held 9 and now 10: lifted again and sown from `E` round to `b`, and the seed in `L` makes another four for North. The last seed falls into `b`, which was empty, and the move ends: South's move has given North 8 seeds.",
                "- Ví dụ về gieo tiếp có bốn hạt bị lấy dọc đường: Nam đi `e` (2 hạt) vào `f` và `g`. `g` có 8 hạt, giờ thành 9, nên cả 9 hạt được bốc lên gieo từ `h` vòng đến `D`; dọc đường, hạt rơi vào `C` làm ô này có bốn hạt, và Bắc, chủ của ô, lấy ngay. `D` có 9, giờ thành 10: lại bốc lên gieo từ `E` vòng đến `b`, và hạt ở `L` tạo thêm một nhóm bốn cho Bắc. Hạt cuối rơi vào `b` đang trống, nước đi kết thúc: nước của Nam đã cho Bắc 8 hạt.",
                "- Voorbeeld van doorzaaien met vieren onderweg: Zuid speelt `e` (2 zaden) in `f` en `g`. In `g` lagen er 8, nu 9, dus alle 9 worden opgepakt en gezaaid van `h` tot en met `D`; onderweg maakt het zaad in `C` daar vier, en Noord, de eigenaar, neemt ze meteen. In `D` lagen er 9, nu 10: weer opgepakt en gezaaid van `E` tot en met `b`, en het zaad in `L` maakt nog een vier voor Noord. Het laatste zaad valt in het lege putje `b` en de zet is uit: de zet van Zuid heeft Noord 8 zaden opgeleverd.",
            ],
        ],
    },
    Section {
        title: "sec.feeding",
        items: &[[
            "Anywoli has no feeding rule: you need not leave your opponent any seeds. A player whose row is empty simply passes.",
            "Anywoli không có luật nhường hạt: bạn không cần để lại hạt nào cho đối thủ. Người có hàng trống chỉ việc bỏ lượt.",
            "Anywoli kent geen voedingsregel: je hoeft je tegenstander geen zaden te laten. Wie een lege rij heeft, past gewoon.",
        ]],
    },
    Section {
        title: "sec.end",
        items: &[
            [
                "- Last four: as soon as a capture leaves exactly four seeds in play (on the board and in hand), the game ends, even in the middle of a lap. Who takes those four depends on the variant (below).",
                "- Bốn hạt cuối cùng: ngay khi một lần ăn chỉ còn để lại đúng bốn hạt đang chơi (trên bàn và trong tay), ván kết thúc, kể cả khi đang gieo dở. Ai lấy bốn hạt này tùy theo biến thể (xem bên dưới).",
                "- Laatste vier: zodra een slag precies vier zaden in het spel overlaat (op het bord en in de hand), is de partij uit, ook midden in een ronde. Wie die vier krijgt, hangt af van de variant (zie hieronder).",
            ],
            [
                "- No seeds in play: the game ends when every seed has been captured.",
                "- Hết hạt đang chơi: ván kết thúc khi mọi hạt đã bị ăn.",
                "- Geen zaden meer: de partij is uit als alle zaden geslagen zijn.",
            ],
        ],
    },
    Section {
        title: "sec.winner",
        items: &[[
            "More seeds win; 48-48 is a draw.",
            "Ai nhiều hạt hơn thì thắng; 48-48 là hòa.",
            "Wie de meeste zaden heeft, wint; 48-48 is remise.",
        ]],
    },
];

/// Anywoli's three ways to settle the last four, one per variant.
const ANYWOLI_LAST_FOUR: &[Section] = &[Section {
    title: "sec.last-four",
    items: &[[
        "The player credited with the capture of the second-to-last four also takes the last four: the pit's owner for a four made on the way, the mover for a four that ends a lap. This is the first of two conventions that Ralf Gering noted in related games, and the one this platform plays by default.",
        "Người được hưởng lần ăn nhóm bốn hạt áp chót cũng lấy luôn bốn hạt cuối: chủ ô nếu nhóm bốn hình thành dọc đường, người đang đi nếu nhóm bốn hình thành ở cuối đợt gieo. Đây là cách thứ nhất trong hai quy ước mà Ralf Gering ghi nhận ở các trò chơi họ hàng, và là cách nền tảng này dùng mặc định.",
        "De speler aan wie de voorlaatste vier toekomt, krijgt ook de laatste vier: de eigenaar van het putje bij een vier onderweg, de zetter bij een vier aan het eind van een ronde. Dit is het eerste van twee gebruiken die Ralf Gering bij verwante spellen optekende, en de standaard op dit platform.",
    ]],
}];

const GERING_LAST_FOUR: &[Section] = &[Section {
    title: "sec.last-four",
    items: &[[
        "The last four go to the player who was first in the game to make four with the last seed of a lap (the capture that also earns an extra turn), whoever took the second-to-last four. Ralf Gering noted this convention in related games. If no lap has yet ended on a four since the start (or a set-up position does not say who did it), the player credited with the second-to-last four takes them, as in the default variant; a set-up position names that player with `first=S` or `first=N` after the side to move.",
        "Bốn hạt cuối thuộc về người đầu tiên trong ván tạo được bốn hạt bằng hạt cuối của một đợt gieo (lần ăn cũng cho thêm một lượt đi), bất kể ai ăn nhóm bốn áp chót. Ralf Gering ghi nhận quy ước này ở các trò chơi họ hàng. Nếu từ đầu ván chưa có đợt gieo nào kết thúc bằng bốn hạt (hoặc thế cờ bày sẵn không cho biết ai đã làm), người được hưởng nhóm bốn áp chót sẽ lấy, như ở biến thể mặc định; thế cờ bày sẵn ghi người đó bằng `first=S` hoặc `first=N` sau bên đến lượt.",
        "De laatste vier gaan naar de speler die als eerste in de partij vier maakte met het laatste zaad van een ronde (de slag die ook een extra beurt oplevert), wie de voorlaatste vier ook nam. Ralf Gering tekende dit gebruik op bij verwante spellen. Is er sinds het begin nog geen ronde op een vier geëindigd (of zegt een opgezette stelling niet wie dat deed), dan krijgt de speler aan wie de voorlaatste vier toekomt ze, zoals in de standaardvariant; een opgezette stelling noemt die speler met `first=S` of `first=N` na de speler aan zet.",
    ]],
}];

const LOT_LAST_FOUR: &[Section] = &[Section {
    title: "sec.last-four",
    items: &[[
        "The last four go to a player drawn by lot, as Richard Pankhurst reports. Here the lot follows from a random number chosen when the game starts and kept in the game record (the `Lot` tag), so that replaying the record draws the same lot. The computer does not know the lot in advance and counts on half of the four for each player.",
        "Bốn hạt cuối thuộc về người được chọn bằng cách bốc thăm, như Richard Pankhurst kể lại. Ở đây kết quả bốc thăm được suy ra từ một số ngẫu nhiên chọn lúc ván bắt đầu và lưu trong bản ghi ván đấu (thẻ `Lot`), nên xem lại bản ghi luôn cho cùng kết quả bốc thăm. Máy không biết trước kết quả và tính cho mỗi bên một nửa trong bốn hạt.",
        "De laatste vier gaan naar een speler die door het lot wordt aangewezen, zoals Richard Pankhurst vermeldt. Hier volgt het lot uit een willekeurig getal dat bij het begin van de partij wordt gekozen en in het partijverslag bewaard blijft (de tag `Lot`), zodat het naspelen van het verslag hetzelfde lot geeft. De computer kent het lot niet vooraf en rekent voor elke speler op de helft van de vier.",
    ]],
}];

const ANYWOLI_HOUSE: &[Section] = &[Section {
    title: "sec.house",
    items: &[
        CYCLE,
        [
            "- Stalls: after 200 moves in a row without a capture the game ends. Moves of both players count together, passes do not, and any capture of a four resets the count. At a cycle or a stall each player takes the seeds in their own row.",
            "- Bế tắc: sau 200 nước liên tiếp không có lần ăn nào, ván kết thúc. Nước đi của cả hai người được đếm chung, lượt bỏ không tính, và mỗi lần ăn bốn hạt đưa bộ đếm về không. Khi có vòng lặp hay bế tắc, mỗi người lấy số hạt trong hàng của mình.",
            "- Vastlopen: na 200 zetten achter elkaar zonder slag is de partij uit. De zetten van beide spelers tellen samen, passen telt niet, en elke geslagen vier zet de teller terug op nul. Bij een kringloop of vastlopen krijgt elke speler de zaden in zijn eigen rij.",
        ],
        [
            "- Endless relays: a move is illegal if, within it, the sowing state at the start of a lap (the board, the pit and the seeds in hand) comes back. None has ever been seen, but the rule guards against it; a player whose every move is illegal passes.",
            "- Gieo tiếp vô tận: một nước là không hợp lệ nếu trong nước đó, trạng thái lúc bắt đầu một đợt gieo (bàn chơi, ô và số hạt trong tay) lặp lại. Chưa từng gặp trường hợp này, nhưng luật vẫn đề phòng; người mà mọi nước đều không hợp lệ thì bỏ lượt.",
            "- Eindeloos doorzaaien: een zet is ongeldig als daarin de stand aan het begin van een ronde (het bord, het putje en de zaden in de hand) terugkomt. Dat is nooit gezien, maar de regel sluit het uit; een speler van wie elke zet ongeldig is, past.",
        ],
        [
            "- The sources give three ways to settle the last four seeds, and each is a variant here. The default is the one in which the player credited with the second-to-last four also takes the last.",
            "- Các nguồn đưa ra ba cách xử lý bốn hạt cuối cùng, và mỗi cách là một biến thể ở đây. Mặc định là cách người được hưởng nhóm bốn hạt áp chót cũng được lấy nhóm cuối.",
            "- De bronnen noemen drie manieren om de laatste vier zaden af te handelen, en elk is hier een variant. De standaard is die waarbij de speler aan wie de voorlaatste vier toekomt ook de laatste krijgt.",
        ],
        AGREED,
        RECORDS,
    ],
}];

const OWARE_SECTIONS: &[Section] = &[
    Section {
        title: "sec.overview",
        items: &[[
            "Abapa is the form of Oware used in most international tournaments and by computer programs, and it is here for comparison with its Caribbean descendants, Barbados Warri and Wahree. These rules follow the `oware` game of DeepMind's OpenSpiel library exactly.",
            "Abapa là dạng Oware được dùng trong phần lớn các giải quốc tế và trong các chương trình máy tính, và có mặt ở đây để so sánh với các hậu duệ của nó ở vùng Caribe là Barbados Warri và Wahree. Luật ở đây theo đúng trò `oware` trong thư viện OpenSpiel của DeepMind.",
            "Abapa is de vorm van Oware die de meeste internationale toernooien en computerprogramma's gebruiken, en staat hier ter vergelijking met zijn Caribische nakomelingen, Barbados Warri en Wahree. Deze regels volgen precies het spel `oware` uit de OpenSpiel-bibliotheek van DeepMind.",
        ]],
    },
    Section { title: "sec.board", items: &[BOARD_6] },
    Section { title: "sec.howto", items: &[SOW_6, SKIP_6, EXAMPLE_6] },
    Section {
        title: "sec.captures",
        items: &[
            CAPTURE_6,
            CAPTURE_EXAMPLE_ABAPA,
            [
                "- A grand slam captures nothing: if the captures would take every seed in your opponent's row, the move is still allowed but nothing is taken, and the sown seeds stay where they fell.",
                "- Ăn sạch cả hàng thì không ăn được gì: nếu nước ăn sẽ lấy hết mọi hạt trong hàng đối thủ, nước đó vẫn hợp lệ nhưng không hạt nào bị ăn, và các hạt đã gieo nằm nguyên chỗ.",
                "- Een volledige slag slaat niets: zou de zet alle zaden uit de rij van je tegenstander slaan, dan mag hij wel, maar er wordt niets geslagen en de gezaaide zaden blijven liggen waar ze vielen.",
            ],
        ],
    },
    Section {
        title: "sec.feeding",
        items: &[[
            "If your opponent's row is empty, you must play a move that sows at least one seed into it. If no pit of yours can reach it, the game ends.",
            "Nếu hàng của đối thủ trống, bạn phải đi một nước gieo được ít nhất một hạt sang hàng đó. Nếu không ô nào của bạn với tới được, ván kết thúc.",
            "Is de rij van je tegenstander leeg, dan moet je een zet doen die er minstens één zaad in zaait. Kan geen van je putjes zover komen, dan is de partij uit.",
        ]],
    },
    Section {
        title: "sec.end",
        items: &[
            [
                "- More than half: a player has more than 24 seeds in their store, or both have 24.",
                "- Hơn một nửa: một người có hơn 24 hạt trong kho, hoặc cả hai cùng có 24.",
                "- Meer dan de helft: een speler heeft meer dan 24 zaden in zijn voorraad, of beiden hebben er 24.",
            ],
            [
                "- No legal move: the opponent's row is empty and no move can feed it.",
                "- Không còn nước hợp lệ: hàng đối thủ trống và không nước nào nhường hạt được.",
                "- Geen geldige zet: de rij van de tegenstander is leeg en geen zet kan hem voeden.",
            ],
            [
                "- At every end, including a cycle or an agreed end, each player adds the seeds left in their own row to their store.",
                "- Ở mọi cách kết thúc, kể cả vòng lặp hay thỏa thuận, mỗi người cộng số hạt còn trong hàng mình vào kho.",
                "- Bij elk einde, ook bij een kringloop of in overleg, telt elke speler de zaden die nog in zijn eigen rij liggen bij zijn voorraad op.",
            ],
        ],
    },
    Section {
        title: "sec.winner",
        items: &[[
            "More seeds win; 24-24 is a draw.",
            "Ai nhiều hạt hơn thì thắng; 24-24 là hòa.",
            "Wie de meeste zaden heeft, wint; 24-24 is remise.",
        ]],
    },
];

const OWARE_HOUSE: &[Section] = &[Section {
    title: "sec.house",
    items: &[
        CYCLE,
        AGREED,
        [
            "- Tournament rulebooks differ on a few points, above all the grand slam; this platform settles them all as OpenSpiel does, so results can be compared with programs built on it.",
            "- Luật của các giải đấu khác nhau ở vài điểm, nhất là chuyện ăn sạch cả hàng; nền tảng này xử lý mọi điểm đó giống OpenSpiel, để có thể so kết quả với các chương trình dựa trên thư viện này.",
            "- Toernooireglementen verschillen op een paar punten, vooral bij de volledige slag; dit platform regelt ze allemaal zoals OpenSpiel, zodat uitslagen te vergelijken zijn met programma's die daarop gebouwd zijn.",
        ],
        RECORDS,
    ],
}];

/// The first entry of every sources list: the wiki the history is told from.
/// `$page` is the name of the wiki's page.
macro_rules! mancala_world {
    ($page:literal) => {
        [
            concat!("- Mancala World (mancala.fandom.com), the wiki of mancala games, page \"", $page, "\". Its pages are published under the Creative Commons licence CC BY-SA; the history above retells its facts in our own words."),
            concat!("- Mancala World (mancala.fandom.com), trang wiki về các trò mancala, bài \"", $page, "\". Các trang của wiki này được phát hành theo giấy phép Creative Commons CC BY-SA; phần lịch sử ở trên kể lại các sự kiện lấy từ đó bằng lời của chúng tôi."),
            concat!("- Mancala World (mancala.fandom.com), de wiki over mancalaspellen, pagina \"", $page, "\". De pagina's daarvan staan onder de Creative Commons-licentie CC BY-SA; de geschiedenis hierboven vertelt de feiten daaruit na in onze eigen woorden."),
        ]
    };
}

const BARBADOS_HISTORY: &[Section] = &[
    Section {
        title: "sec.history",
        items: &[
            [
                "The game comes straight from the Oware of West Africa. The oldest written record is a letter of 1895 by F. Gardiner Jr., printed a year later by Stewart Culin: Gardiner had bought a board in St. Lucia and found the same game in use in Barbados. A century later, in 1997, the Dutch anthropologist Alexander Johan de Voogt studied Barbados Warri closely and recorded the two local traditions of ending a game, Speightstown's and Bridgetown's.",
                "Trò chơi bắt nguồn trực tiếp từ Oware của Tây Phi. Ghi chép xưa nhất là một lá thư năm 1895 của F. Gardiner Jr., được Stewart Culin in lại một năm sau: Gardiner đã mua một bàn chơi ở St. Lucia và thấy cùng trò chơi ấy được chơi ở Barbados. Một thế kỷ sau, năm 1997, nhà nhân học người Hà Lan Alexander Johan de Voogt nghiên cứu kỹ Barbados Warri và ghi lại hai truyền thống kết thúc ván của hai nơi: Speightstown và Bridgetown.",
                "Het spel stamt rechtstreeks af van de Oware uit West-Afrika. Het oudste schriftelijke getuigenis is een brief uit 1895 van F. Gardiner Jr., die Stewart Culin een jaar later afdrukte: Gardiner had op St. Lucia een bord gekocht en trof hetzelfde spel ook op Barbados aan. Een eeuw later, in 1997, bestudeerde de Nederlandse antropoloog Alexander Johan de Voogt Barbados Warri grondig en legde hij de twee plaatselijke tradities vast om een partij te beëindigen: die van Speightstown en die van Bridgetown.",
            ],
            [
                "Barbados Warri was above all a game of grown men. It was played with grey horse nickars, the hard seeds of Caesalpinia bonduc, on thick mahogany boards whose pits, called houses, were worn deep by generations of keen play. Its tournaments were respected for lightning-fast counting and deep endgame play, and a series was won by the first player to take six games, as a match is on this platform.",
                "Barbados Warri trước hết là trò chơi của đàn ông trưởng thành. Người ta chơi bằng hạt horse nickar màu xám, loại hạt cứng của cây Caesalpinia bonduc, trên những tấm bàn gỗ gụ dày mà các ô, gọi là \"nhà\", đã mòn sâu qua nhiều thế hệ chơi say mê. Các giải đấu của nó được nể trọng nhờ lối tính nhẩm cực nhanh và những tàn cuộc sâu sắc; trong một loạt ván, ai thắng sáu ván trước là vô địch, giống như một trận đấu trên trang này.",
                "Barbados Warri was vooral een spel van volwassen mannen. Gespeeld werd met horse nickars, de harde grijze zaden van de struik Caesalpinia bonduc, op zware borden van mahonie; generatie na generatie sleet de putjes, daar huizen genoemd, verder uit. De toernooien stonden in aanzien om bliksemsnel rekenwerk en diepgaand eindspel, en kampioen van een reeks werd wie als eerste zes partijen won, zoals in een match op dit platform.",
            ],
            [
                "Among the masters of the late 1990s were William \"Ossie\" Haddock, Laurie Greaves, Frederick \"The Lord Jesus\" Jackman, Ethelred Phillips and Benjamin White, whose tactics were compared with those of West Africa's grandmasters. Casual street play thinned out towards the end of the century; the retired economist William Lee Farum-Badley, born in Venezuela, kept the craft alive by making traditional boards by hand at his home in St. James. In 2001 the computer scientist Colin Depradine took Barbados Warri as a test bed for evolutionary computing and genetic algorithms.",
                "Các cao thủ cuối thập niên 1990 gồm William \"Ossie\" Haddock, Laurie Greaves, Frederick \"The Lord Jesus\" Jackman, Ethelred Phillips và Benjamin White, những người có chiến thuật được đem so với các đại kiện tướng Tây Phi. Đến cuối thế kỷ, cảnh chơi ngoài phố thưa dần; nhà kinh tế học về hưu William Lee Farum-Badley, sinh ở Venezuela, giữ cho nghề làm bàn sống tiếp bằng cách tự tay làm những bàn chơi truyền thống tại nhà ông ở St. James. Năm 2001, nhà khoa học máy tính Colin Depradine chọn Barbados Warri làm bài toán thử nghiệm cho tính toán tiến hóa và thuật toán di truyền.",
                "Tot de meesters van eind jaren negentig behoorden William \"Ossie\" Haddock, Laurie Greaves, Frederick \"The Lord Jesus\" Jackman, Ethelred Phillips en Benjamin White, wier tactiek met die van de West-Afrikaanse grootmeesters werd vergeleken. Tegen het einde van de eeuw werd er steeds minder op straat gespeeld; de gepensioneerde econoom William Lee Farum-Badley, geboren in Venezuela, hield het ambacht levend door in zijn huis in St. James traditionele borden met de hand te maken. Ook onderzoekers raakten erdoor geboeid: de informaticus Colin Depradine probeerde er in 2001 evolutionaire rekenmethoden en genetische algoritmen op uit.",
            ],
        ],
    },
    Section {
        title: "sec.sources",
        items: &[
            mancala_world!("Barbados Warri"),
            [
                "- Stewart Culin, \"Mancala, the National Game of Africa\", Report of the U.S. National Museum for 1894, Washington, 1896: it prints F. Gardiner Jr.'s letter of 1895.",
                "- Stewart Culin, \"Mancala, the National Game of Africa\", Report of the U.S. National Museum for 1894, Washington, 1896: in lại lá thư năm 1895 của F. Gardiner Jr.",
                "- Stewart Culin, \"Mancala, the National Game of Africa\", Report of the U.S. National Museum for 1894, Washington, 1896: met de brief van F. Gardiner Jr. uit 1895.",
            ],
            [
                "- Alexander J. de Voogt, \"Mancala Board Games\", British Museum Press, London, 1997: a survey of mancala games around the world.",
                "- Alexander J. de Voogt, \"Mancala Board Games\", British Museum Press, London, 1997: khảo cứu các trò mancala khắp thế giới.",
                "- Alexander J. de Voogt, \"Mancala Board Games\", British Museum Press, Londen, 1997: een overzicht van de mancalaspellen van de hele wereld.",
            ],
        ],
    },
];

const WAHREE_HISTORY: &[Section] = &[
    Section {
        title: "sec.history",
        items: &[
            [
                "Enslaved West Africans brought the game to the Danish West Indies, today's US Virgin Islands, more than two centuries ago. When modern pastimes spread in the middle of the twentieth century, Wahree faded from daily life, like the old Cariso ballads and the Bamboula dance; the Crucian writer James Weeks recalls that his generation grew up with no more of it than their parents' faint memories.",
                "Những người Tây Phi bị bắt làm nô lệ đã mang trò chơi đến Tây Ấn thuộc Đan Mạch, nay là Quần đảo Virgin thuộc Hoa Kỳ, hơn hai thế kỷ trước. Khi các thú tiêu khiển hiện đại lan rộng vào giữa thế kỷ hai mươi, Wahree dần vắng bóng trong đời sống hằng ngày, giống như những bài ballad Cariso xưa và điệu múa Bamboula; nhà văn James Weeks, người Saint Croix, kể rằng thế hệ của ông lớn lên chỉ biết trò chơi qua những ký ức mờ nhạt của cha mẹ.",
                "Tot slaaf gemaakte West-Afrikanen brachten het spel ruim twee eeuwen geleden naar Deens West-Indië, de huidige Amerikaanse Maagdeneilanden. Toen halverwege de twintigste eeuw moderne vormen van vermaak opkwamen, verdween Wahree uit het dagelijks leven, net als de oude Cariso-ballades en de Bamboula-dans; de schrijver James Weeks van Saint Croix vertelt dat zijn generatie opgroeide met niet meer dan de vage herinneringen van de ouders.",
            ],
            [
                "In the mid-1980s primary school teachers on Saint Croix took the game up again, as a hands-on way to teach mathematical reasoning, logic and the heritage of the African diaspora. The first inter-school tournament was held on 30 November 1984 at the Cooperative Extension Service in Kingshill; its young champions won polished mahogany boards made by Raphael Perez Davis of the Golden Grove Correctional Facility. The yearly contests later moved to the Crucian Agriculture and Food Fair, Agrifest, where the Ghanaian master Kofi Boateng took the top honours.",
                "Giữa thập niên 1980, các giáo viên tiểu học ở Saint Croix đưa trò chơi trở lại, như một cách thực hành để dạy lập luận toán học, tư duy logic và di sản của cộng đồng người gốc Phi. Giải đấu liên trường đầu tiên diễn ra ngày 30 tháng 11 năm 1984 tại cơ sở Khuyến nông Hợp tác (Cooperative Extension Service) ở Kingshill; các nhà vô địch nhỏ tuổi được tặng những bàn gỗ gụ đánh bóng do Raphael Perez Davis ở Trại cải huấn Golden Grove làm. Về sau các cuộc thi hằng năm chuyển sang Hội chợ Nông nghiệp và Thực phẩm của Saint Croix (Agrifest), nơi bậc thầy người Ghana Kofi Boateng giành các danh hiệu cao nhất.",
                "Halverwege de jaren tachtig namen leerkrachten van basisscholen op Saint Croix het spel weer op, als tastbare manier om wiskundig redeneren, logisch denken en het erfgoed van de Afrikaanse diaspora te onderwijzen. Het eerste toernooi tussen scholen werd op 30 november 1984 gehouden bij de Cooperative Extension Service in Kingshill; de jonge kampioenen kregen gepolijste mahoniehouten borden, gemaakt door Raphael Perez Davis van de gevangenis Golden Grove. De jaarlijkse wedstrijden verhuisden later naar de landbouw- en voedselbeurs van Saint Croix, Agrifest, waar de Ghanese meester Kofi Boateng de hoogste eer behaalde.",
            ],
            [
                "Today Wahree is played in classrooms across the Virgin Islands, above all during Virgin Islands History Month each March. The Crucian naturalist Olasee Davis wrote its rules down in 1995, and in 2010 Kofi Boateng explained its key tactics in an interview with the games researcher Ralf Gering.",
                "Ngày nay Wahree được chơi trong các lớp học khắp Quần đảo Virgin, nhất là vào Tháng Lịch sử Quần đảo Virgin mỗi tháng Ba. Nhà tự nhiên học Olasee Davis ở Saint Croix ghi lại luật chơi năm 1995, và năm 2010 Kofi Boateng giải thích những chiến thuật then chốt trong một cuộc phỏng vấn với nhà nghiên cứu trò chơi Ralf Gering.",
                "Tegenwoordig wordt Wahree in klaslokalen op alle Maagdeneilanden gespeeld, vooral tijdens de Virgin Islands History Month in maart. De natuurkenner Olasee Davis van Saint Croix schreef de regels in 1995 op, en in 2010 legde Kofi Boateng de belangrijkste tactieken uit in een interview met de spelonderzoeker Ralf Gering.",
            ],
            [
                "The pieces are polished grey nickernuts, the seeds of Caesalpinia bonduc, known locally as \"burning stones\": rubbed briskly, their hard shells grow hot, and school children used to heat them on cloth and press them against a friend's arm. A board has six pits a side, often with a store at either end for captured seeds.",
                "Quân chơi là những hạt nickernut màu xám bóng, hạt của cây Caesalpinia bonduc, người địa phương gọi là \"đá cháy\": khi chà mạnh, lớp vỏ cứng nóng lên, và học trò ở sân trường hay chà hạt lên vải cho nóng rồi áp vào cánh tay bạn. Bàn chơi có sáu ô mỗi bên, thường kèm một kho ở mỗi đầu để đựng hạt ăn được.",
                "De stukken zijn gepolijste grijze nickernuts, zaden van Caesalpinia bonduc, plaatselijk \"brandende stenen\" genoemd: als je ze stevig wrijft, worden de harde schalen heet, en schoolkinderen wreven ze op stof warm en drukten ze dan tegen de arm van een vriendje. Het bord heeft zes putjes per kant, vaak met aan elk uiteinde een voorraad voor geslagen zaden.",
            ],
        ],
    },
    Section {
        title: "sec.sources",
        items: &[
            mancala_world!("Wahree"),
            [
                "- Olasee Davis, \"Seeds part of oldest game\", The Daily News (Virgin Islands), 3 March 1995: the grey seeds and the game played with them.",
                "- Olasee Davis, \"Seeds part of oldest game\", The Daily News (Quần đảo Virgin), 3 tháng 3 năm 1995: về những hạt màu xám và trò chơi dùng chúng.",
                "- Olasee Davis, \"Seeds part of oldest game\", The Daily News (Maagdeneilanden), 3 maart 1995: over de grijze zaden en het spel dat ermee gespeeld wordt.",
            ],
        ],
    },
];

const ANYWOLI_HISTORY: &[Section] = &[
    Section {
        title: "sec.history",
        items: &[
            [
                "The name is an Anuak word meaning \"giving birth\". The Anuak, some 78,000 people, live along the rivers of the Gambela region and of the neighbouring border districts of South Sudan, among them Akobo, Pochalla and Jokau, and have traditionally lived by fishing, farming and hunting. A pit is called oto (plural udi, \"houses\"), and the seeds nyibaré, \"children of the board game\".",
                "Tên gọi là một từ tiếng Anuak nghĩa là \"sinh nở\". Người Anuak, khoảng 78.000 người, sống dọc các con sông ở vùng Gambela và ở các huyện biên giới lân cận của Nam Sudan như Akobo, Pochalla và Jokau; theo truyền thống họ sống bằng nghề đánh cá, làm nông và săn bắn. Mỗi ô gọi là oto (số nhiều udi, \"những ngôi nhà\"), còn hạt gọi là nyibaré, \"con của trò chơi\".",
                "De naam is een Anuak-woord voor \"baren\". De Anuak, zo'n 78.000 mensen, wonen langs de rivieren van de regio Gambela en van de grensdistricten van Zuid-Soedan ernaast, zoals Akobo, Pochalla en Jokau, en leven van oudsher van vissen, landbouw en jacht. Een putje heet oto (meervoud udi, \"huizen\") en de zaden heten nyibaré, \"kinderen van het bordspel\".",
            ],
            [
                "The historian Richard Pankhurst made the game known to a wider public in 1971, in his study of the board games of Ethiopia and the Horn of Africa. He also wrote down a composed endgame problem, a hard forced win for South that shows how deeply Anuak masters calculated, and a lottery that decided who got the last four seeds. The games researcher Ralf Gering later noted two other ways of settling those four, taken from related games; this platform uses the first of them (see the house rules).",
                "Nhà sử học Richard Pankhurst đưa trò chơi đến với công chúng rộng rãi năm 1971, trong công trình nghiên cứu về các trò chơi trên bàn của Ethiopia và vùng Sừng châu Phi. Ông còn ghi lại một bài tàn cuộc được sáng tác sẵn, trong đó Nam có một đường thắng bắt buộc rất khó, cho thấy các cao thủ Anuak tính toán sâu đến đâu, cùng một cách bốc thăm để quyết định ai nhận bốn hạt cuối cùng. Về sau nhà nghiên cứu trò chơi Ralf Gering ghi nhận thêm hai cách khác để xử lý bốn hạt đó, lấy từ các trò chơi họ hàng; nền tảng này dùng cách thứ nhất trong hai cách ấy (xem phần quy ước riêng).",
                "De historicus Richard Pankhurst maakte het spel in 1971 bij een groter publiek bekend, in zijn studie van de bordspellen van Ethiopië en de Hoorn van Afrika. Hij legde ook een gecomponeerd eindspelprobleem vast, een lastige gedwongen winst voor Zuid die laat zien hoe diep Anuak-meesters rekenden, en een loting die besliste wie de laatste vier zaden kreeg. De spelonderzoeker Ralf Gering noteerde later twee andere manieren om die vier af te handelen, ontleend aan verwante spellen; dit platform gebruikt de eerste daarvan (zie de huisregels).",
            ],
            [
                "In structure Anywoli is close to West African games such as Ba-awa of Ghana and Obridjie of Nigeria, but its board sets it apart: with 96 seeds on 24 pits, a full game asks for stamina and long foresight.",
                "Về cấu trúc, Anywoli gần với các trò Tây Phi như Ba-awa của Ghana và Obridjie của Nigeria, nhưng bàn chơi làm nó khác biệt: với 96 hạt trên 24 ô, một ván trọn vẹn đòi hỏi sức bền và tầm nhìn xa.",
                "Qua opbouw staat Anywoli dicht bij West-Afrikaanse spellen als Ba-awa uit Ghana en Obridjie uit Nigeria, maar het bord maakt het anders: met 96 zaden op 24 putjes vraagt een hele partij uithoudingsvermogen en een lange blik vooruit.",
            ],
        ],
    },
    Section {
        title: "sec.sources",
        items: &[
            mancala_world!("Anywoli"),
            [
                "- Richard Pankhurst, \"Gabata and Related Board Games of Ethiopia and the Horn of Africa\", Ethiopia Observer 14 (3), 1971, pages 154-206: the first description of Anywoli.",
                "- Richard Pankhurst, \"Gabata and Related Board Games of Ethiopia and the Horn of Africa\", Ethiopia Observer 14 (3), 1971, trang 154-206: mô tả đầu tiên về Anywoli.",
                "- Richard Pankhurst, \"Gabata and Related Board Games of Ethiopia and the Horn of Africa\", Ethiopia Observer 14 (3), 1971, blz. 154-206: de eerste beschrijving van Anywoli.",
            ],
        ],
    },
];

const OWARE_HISTORY: &[Section] = &[
    Section {
        title: "sec.history",
        items: &[
            [
                "Oware is the two-row mancala of the Akan peoples of Ghana and one of the best-known mancala games in the world; as Awari, Awale, Ouril or Warri it is played across West Africa and beyond. Enslaved West Africans carried it across the Atlantic, where it lives on in Barbados Warri, Wahree and other Caribbean games.",
                "Oware là trò mancala hai hàng của các dân tộc Akan ở Ghana và là một trong những trò mancala nổi tiếng nhất thế giới; dưới các tên Awari, Awale, Ouril hay Warri, nó được chơi khắp Tây Phi và xa hơn nữa. Những người Tây Phi bị bắt làm nô lệ đã mang nó qua Đại Tây Dương, nơi nó vẫn sống tiếp trong Barbados Warri, Wahree và các trò khác ở vùng Caribe.",
                "Oware is de tweerijige mancala van de Akan-volken in Ghana en een van de bekendste mancalaspellen ter wereld; als Awari, Awale, Ouril of Warri wordt het in heel West-Afrika en daarbuiten gespeeld. Tot slaaf gemaakte West-Afrikanen namen het mee over de Atlantische Oceaan, waar het voortleeft in Barbados Warri, Wahree en andere Caribische spellen.",
            ],
            [
                "Abapa is the version played in most international tournaments. In 1991 the Ghanaian board carver Kofi C. Agudoawu wrote its rules down in a booklet that the Oware Society in London recognises. In 2002 John Romein and Henri Bal solved Awari, under rules very close to these, by computing the value of every position: with perfect play from the start the game is a draw.",
                "Abapa là phiên bản được chơi trong phần lớn các giải quốc tế. Năm 1991, thợ khắc bàn người Ghana Kofi C. Agudoawu viết luật của nó thành một cuốn sách nhỏ được Hội Oware (Oware Society) ở London công nhận. Năm 2002, John Romein và Henri Bal giải trọn Awari với luật rất gần luật này, bằng cách tính giá trị của mọi thế cờ: nếu cả hai chơi hoàn hảo từ đầu thì ván hòa.",
                "Abapa is de versie van de meeste internationale toernooien. In 1991 schreef de Ghanese bordsnijder Kofi C. Agudoawu de regels op in een boekje dat de Oware Society in Londen erkent. In 2002 losten John Romein en Henri Bal Awari op, met regels die hier heel dicht bij liggen, door de waarde van elke stelling te berekenen: bij perfect spel vanaf het begin is het remise.",
            ],
        ],
    },
    Section {
        title: "sec.sources",
        items: &[
            mancala_world!("Oware"),
            [
                "- Kofi C. Agudoawu, \"Oware: The Abapa Version\", Kofi Tall Enterprise, Kumasi, 1991: the rules of Abapa.",
                "- Kofi C. Agudoawu, \"Oware: The Abapa Version\", Kofi Tall Enterprise, Kumasi, 1991: luật chơi Abapa.",
                "- Kofi C. Agudoawu, \"Oware: The Abapa Version\", Kofi Tall Enterprise, Kumasi, 1991: de regels van Abapa.",
            ],
            [
                "- John W. Romein and Henri E. Bal, \"Solving Awari with Parallel Retrograde Analysis\", Computer 36 (10), IEEE, 2003: how Awari was solved.",
                "- John W. Romein và Henri E. Bal, \"Solving Awari with Parallel Retrograde Analysis\", Computer 36 (10), IEEE, 2003: Awari đã được giải trọn như thế nào.",
                "- John W. Romein en Henri E. Bal, \"Solving Awari with Parallel Retrograde Analysis\", Computer 36 (10), IEEE, 2003: hoe Awari werd opgelost.",
            ],
            [
                "- Marc Lanctot and others, \"OpenSpiel: A Framework for Reinforcement Learning in Games\", 2019: the `oware` game these rules follow.",
                "- Marc Lanctot và cộng sự, \"OpenSpiel: A Framework for Reinforcement Learning in Games\", 2019: trò `oware` mà luật ở đây làm theo.",
                "- Marc Lanctot e.a., \"OpenSpiel: A Framework for Reinforcement Learning in Games\", 2019: het spel `oware` dat deze regels volgen.",
            ],
        ],
    },
];

pub const PAGES: &[GamePage] = &[
    GamePage {
        id: "barbados-warri",
        name: "Barbados Warri",
        variants: &[("barbados-warri-speightstown", "Speightstown"), ("barbados-warri-bridgetown", "Bridgetown")],
        place: ["Barbados, in the Caribbean", "Barbados, vùng Caribe", "Barbados, in het Caribisch gebied"],
        character: [
            "Oware's Caribbean descendant: quick counting, long chains of captures and a race to 25 seeds, with two local ways to settle the end.",
            "Hậu duệ Caribe của Oware: tính nhanh, những chuỗi ăn dài và cuộc đua đến 25 hạt, với hai cách kết thúc ván tùy từng nơi.",
            "De Caribische nazaat van Oware: snel rekenen, lange reeksen slagen en een race naar 25 zaden, met twee plaatselijke manieren om de eindstand op te maken.",
        ],
        sections: BARBADOS_SECTIONS,
        variant_sections: &[SPEIGHTSTOWN_SECTIONS, BRIDGETOWN_SECTIONS],
        house: BARBADOS_HOUSE,
        history: BARBADOS_HISTORY,
    },
    GamePage {
        id: "wahree",
        name: "Wahree",
        variants: &[("wahree", "Wahree")],
        place: ["Saint Croix and the US Virgin Islands", "Saint Croix và Quần đảo Virgin thuộc Hoa Kỳ", "Saint Croix en de Amerikaanse Maagdeneilanden"],
        character: [
            "A classroom favourite with a bold finish: a move that empties the opponent's row ends the game and sweeps the board.",
            "Trò chơi được yêu thích trong lớp học với cái kết táo bạo: nước đi ăn sạch hàng đối thủ sẽ kết thúc ván và gom hết bàn.",
            "Een geliefd spel in de klas met een gedurfd einde, de kaalslag: een zet die de rij van de tegenstander leegmaakt, beëindigt de partij en veegt het bord schoon.",
        ],
        sections: WAHREE_SECTIONS,
        variant_sections: &[&[]],
        house: WAHREE_HOUSE,
        history: WAHREE_HISTORY,
    },
    GamePage {
        id: "anywoli",
        name: "Anywoli",
        variants: &[("anywoli", "Anywoli"), ("anywoli-gering", "Gering"), ("anywoli-lot", "By lot")],
        place: ["Gambela, western Ethiopia, and South Sudan", "Gambela, miền tây Ethiopia, và Nam Sudan", "Gambela in West-Ethiopië, en Zuid-Soedan"],
        character: [
            "A big 2 x 12 board of 96 seeds: sowing relays on and on, and every four made along the way is taken.",
            "Bàn lớn 2 x 12 với 96 hạt: hạt được gieo tiếp hết đợt này đến đợt khác, và mỗi nhóm bốn hạt tạo ra dọc đường đều bị lấy.",
            "Een groot bord van 2 x 12 met 96 zaden: het zaaien gaat telkens verder, en elke vier die onderweg ontstaat wordt genomen.",
        ],
        sections: ANYWOLI_SECTIONS,
        variant_sections: &[ANYWOLI_LAST_FOUR, GERING_LAST_FOUR, LOT_LAST_FOUR],
        house: ANYWOLI_HOUSE,
        history: ANYWOLI_HISTORY,
    },
    GamePage {
        id: "oware-abapa",
        name: "Oware (Abapa)",
        variants: &[("oware-abapa", "Oware (Abapa)")],
        place: ["Ghana and West Africa; tournaments worldwide", "Ghana và Tây Phi; các giải đấu khắp thế giới", "Ghana en West-Afrika; toernooien wereldwijd"],
        character: [
            "The tournament standard, for comparison: you must feed an empty row, and a grand slam captures nothing.",
            "Chuẩn mực của các giải đấu, để so sánh: phải nhường hạt cho hàng trống, và ăn sạch cả hàng thì không được gì.",
            "De toernooistandaard, ter vergelijking: een lege rij moet je voeden, en een volledige slag levert niets op.",
        ],
        sections: OWARE_SECTIONS,
        variant_sections: &[&[]],
        house: OWARE_HOUSE,
        history: OWARE_HISTORY,
    },
    round_and_round::PAGE,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_section_has_a_translated_title() {
        let mut keys = Vec::new();
        for (key, texts) in SECTION_TITLES {
            assert!(!keys.contains(key), "{key} twice");
            keys.push(*key);
            assert!(texts.iter().all(|t| !t.trim().is_empty()), "{key}");
            assert!(texts[1] != texts[0] && texts[2] != texts[0], "{key} is not translated");
        }
        for page in PAGES {
            let variant_sections = page.variant_sections.iter().flat_map(|s| s.iter());
            for section in
                page.sections.iter().chain(variant_sections).chain(page.house).chain(page.history)
            {
                for lang in 0..LANGS.len() {
                    assert!(
                        section_title(section.title, lang).is_some(),
                        "{}: {}",
                        page.id,
                        section.title
                    );
                }
            }
        }
    }

    #[test]
    fn pages_are_found_by_page_and_ruleset_id() {
        assert_eq!(
            find_page("barbados-warri").map(|(p, i)| (p.id, i)),
            Some(("barbados-warri", 0))
        );
        let (page, i) = find_page("barbados-warri-bridgetown").unwrap();
        assert_eq!((page.id, page.variants[i].1), ("barbados-warri", "Bridgetown"));
        assert!(find_page("no-such-game").is_none());
        for page in PAGES {
            assert_eq!(page.variant_sections.len(), page.variants.len(), "{}", page.id);
        }
    }
}
