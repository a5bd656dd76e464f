//! Round-and-Round Warri, Barbados's second game: its rules page. The rules
//! follow the shared RULES.md (section `round-and-round-warri`), which takes
//! them from Herskovits (1932) as Mancala World and Ludii give them and
//! settles what those leave open; the worked examples are RULES.md's, checked
//! with the rules library (`ROUND_AND_ROUND` in `crates/rules`).

use crate::{GamePage, Section, AGREED, BOARD_6, CYCLE, RECORDS, SOW_6};

const SECTIONS: &[Section] = &[
    Section {
        title: "sec.overview",
        items: &[[
            "Round-and-Round Warri is the second traditional mancala of Barbados, beside Barbados Warri, and also goes by the names \"French Wari\", \"Rounders\" and \"Round de Town\". Board and seeds are the same, 48 in all, but a move keeps going: whenever the last seed of a handful drops into a pit that already holds seeds, that pit is lifted and sown in turn. The move stops only in an empty pit, on either side, and then takes the seeds across from it.",
            "Round-and-Round Warri là trò mancala truyền thống thứ hai của Barbados, bên cạnh Barbados Warri, và còn có các tên \"French Wari\", \"Rounders\" và \"Round de Town\". Bàn chơi và số hạt y như ở Barbados Warri, tổng cộng 48 hạt, nhưng một nước đi cứ tiếp tục: mỗi khi hạt cuối của một nắm rơi vào ô đã có hạt, ô đó lại được bốc lên và gieo tiếp. Nước đi chỉ dừng ở một ô trống, ở bên nào cũng vậy, và khi đó người đi ăn các hạt ở ô đối diện.",
            "Round-and-Round Warri is naast Barbados Warri het tweede traditionele mancalaspel van Barbados en heet ook \"French Wari\", \"Rounders\" of \"Round de Town\". Bord en zaden zijn dezelfde, 48 in totaal, maar een zet gaat door: valt het laatste zaad van een handvol in een putje waar al zaden liggen, dan wordt dat putje opgepakt en verder gezaaid. De zet stopt pas in een leeg putje, aan welke kant ook, en neemt dan de zaden uit het putje ertegenover.",
        ]],
    },
    Section { title: "sec.board", items: &[BOARD_6] },
    Section {
        title: "sec.howto",
        items: &[
            SOW_6,
            [
                "- Relay: if the last seed of a handful lands in a pit that already held seeds, pick up everything in that pit, the seed just dropped included, and go on sowing from the next pit. Every handful is a lap: the first one, then one more for each relay.",
                "- Gieo tiếp: nếu hạt cuối của một nắm rơi vào ô đã có hạt, hãy bốc hết hạt trong ô đó, kể cả hạt vừa thả, rồi gieo tiếp từ ô kế tiếp. Mỗi nắm hạt là một đợt gieo: đợt đầu tiên, rồi thêm một đợt cho mỗi lần gieo tiếp.",
                "- Doorzaaien: valt het laatste zaad van een handvol in een putje waar al zaden lagen, pak dan alles uit dat putje op, het zojuist gelegde zaad meegerekend, en zaai verder vanaf het volgende putje. Elke handvol is een ronde: de eerste, en daarna één voor elke keer dat je doorzaait.",
            ],
            [
                "- A lap of 12 seeds or more goes all the way round and passes over the pit it was lifted from, every time it reaches it. This holds for every lap, the first and each relay, but only for the lap's own pit: pits emptied earlier in the same move, the starting pit included, take seeds as usual. So a lap never ends in its own pit, and a lap of 12 or more never ends the move, because its last seed falls into a pit it has already sown.",
                "- Một đợt gieo có từ 12 hạt trở lên sẽ đi hết một vòng bàn và bỏ qua ô mà nó được bốc lên, mỗi lần đi tới ô đó. Điều này áp dụng cho mọi đợt gieo, đợt đầu cũng như mỗi đợt gieo tiếp, nhưng chỉ với ô của chính đợt đó: những ô đã bị bốc trống trước đó trong cùng nước đi, kể cả ô xuất phát, vẫn nhận hạt như thường. Vì vậy một đợt gieo không bao giờ kết thúc ở ô của chính nó, và một đợt từ 12 hạt trở lên không bao giờ kết thúc nước đi, vì hạt cuối của nó rơi vào một ô mà nó đã gieo qua.",
                "- Een ronde van 12 zaden of meer gaat het hele bord rond, en het putje waaruit hij werd opgepakt wordt elke keer overgeslagen. Dat geldt voor elke ronde, de eerste en elke volgende, maar alleen voor het eigen putje van die ronde: putjes die eerder in dezelfde zet zijn leeggemaakt, ook het beginputje, krijgen gewoon zaden. Een ronde eindigt dus nooit in zijn eigen putje, en een ronde van 12 of meer beëindigt nooit de zet, want het laatste zaad valt in een putje waarin die ronde al heeft gezaaid.",
            ],
            [
                "- The move ends when the last seed of a lap falls into an empty pit, in either row. Empty means empty just before that seed fell, so a pit emptied earlier in the move, the starting pit or one lifted for a relay, counts as empty. Then comes the capture (next section), and the turn passes to the other player.",
                "- Nước đi kết thúc khi hạt cuối của một đợt gieo rơi vào một ô trống, ở hàng nào cũng vậy. Trống nghĩa là không có hạt nào ngay trước khi hạt đó rơi xuống, nên một ô đã bị bốc trống trước đó trong nước đi, dù là ô xuất phát hay ô được bốc lên để gieo tiếp, vẫn tính là trống. Sau đó đến phần ăn hạt (mục tiếp theo), rồi đến lượt người kia.",
                "- De zet is uit als het laatste zaad van een ronde in een leeg putje valt, in welke rij ook. Leeg betekent: leeg vlak voordat dat zaad erin viel, dus een putje dat eerder in de zet is leeggemaakt, het beginputje of een putje dat voor het doorzaaien werd opgepakt, telt als leeg. Daarna volgt de slag (zie hieronder) en is de ander aan de beurt.",
            ],
            [
                "- Example: from the start South plays `e`. The 4 seeds go to `f A B C`; `C` now holds 5, which go to `D E F a b`. Then `b` (5) is sown into `c d e f A`, `A` (6) into `B C D E F a`, and `a` (6) into `b c d e f A`. The fourth lap emptied `A`, so this last seed ends the move. Across from `A` is South's own `f`, and South takes its 7 seeds: the position is now `0,1,6,6,2,0/1,6,1,6,6,6 7-0 N`.",
                "- Ví dụ: từ thế ban đầu Nam đi `e`. 4 hạt rơi vào `f A B C`; `C` giờ có 5 hạt, được gieo vào `D E F a b`. Tiếp theo `b` (5) được gieo vào `c d e f A`, `A` (6) vào `B C D E F a`, và `a` (6) vào `b c d e f A`. Đợt gieo thứ tư đã bốc trống `A`, nên hạt cuối này kết thúc nước đi. Đối diện `A` là ô `f` của chính Nam, và Nam ăn 7 hạt ở đó: thế cờ bây giờ là `0,1,6,6,2,0/1,6,1,6,6,6 7-0 N`.",
                "- Voorbeeld: vanuit de beginstand speelt Zuid `e`. De 4 zaden gaan naar `f A B C`; in `C` liggen er nu 5, die naar `D E F a b` gaan. Dan wordt `b` (5) gezaaid in `c d e f A`, `A` (6) in `B C D E F a` en `a` (6) in `b c d e f A`. De vierde ronde had `A` leeggemaakt, dus dit laatste zaad beëindigt de zet. Tegenover `A` ligt `f`, het eigen putje van Zuid, en Zuid slaat de 7 zaden daarin: de stand is nu `0,1,6,6,2,0/1,6,1,6,6,6 7-0 N`.",
            ],
            [
                "- Example of a long lap: in `1,12,0,8,0,0/0,0,2,0,3,0 12-10 S` South plays `a`. Its one seed makes 13 in `b`. Those 13 are sown into `c d e f A B C D E F a`, pass over `b` and end in `c` and `d`; the starting pit `a` gets a seed on the way. `d` now holds 10, sown into `e f A B C D E F a b`. `b` has stayed empty since its own lap, so the move ends there, and South takes the 5 seeds in `E`: `2,1,2,0,2,2/2,2,4,2,0,2 17-10 N`.",
                "- Ví dụ về một đợt gieo dài: ở thế `1,12,0,8,0,0/0,0,2,0,3,0 12-10 S` Nam đi `a`. Hạt duy nhất làm `b` có 13 hạt. 13 hạt này được gieo vào `c d e f A B C D E F a`, bỏ qua `b` rồi kết thúc ở `c` và `d`; ô xuất phát `a` cũng nhận một hạt trên đường đi. `d` giờ có 10 hạt, được gieo vào `e f A B C D E F a b`. `b` vẫn trống từ đợt gieo của chính nó, nên nước đi kết thúc ở đó, và Nam ăn 5 hạt ở `E`: `2,1,2,0,2,2/2,2,4,2,0,2 17-10 N`.",
                "- Voorbeeld van een lange ronde: in `1,12,0,8,0,0/0,0,2,0,3,0 12-10 S` speelt Zuid `a`. Het ene zaad maakt er 13 in `b`. Die 13 worden gezaaid in `c d e f A B C D E F a`, gaan aan `b` voorbij en eindigen in `c` en `d`; het beginputje `a` krijgt onderweg een zaad. In `d` liggen er nu 10, gezaaid in `e f A B C D E F a b`. `b` is sinds zijn eigen ronde leeg gebleven, dus daar is de zet uit, en Zuid slaat de 5 zaden in `E`: `2,1,2,0,2,2/2,2,4,2,0,2 17-10 N`.",
            ],
            [
                "- Endless relays: a move is not allowed if its relays would never stop, that is if the sowing state at the start of a lap (the whole board, the pit the lap is lifted from and the seeds in hand) comes back within the move. Such moves really happen in this game; they count as no move at all, for feeding too.",
                "- Gieo tiếp vô tận: không được đi một nước mà việc gieo tiếp không bao giờ dừng, tức là trong nước đó trạng thái lúc bắt đầu một đợt gieo (toàn bộ bàn chơi, ô mà đợt đó được bốc lên và số hạt trong tay) lặp lại. Những nước như vậy thật sự xảy ra trong trò này; chúng không được tính là nước đi, kể cả khi xét việc nhường hạt.",
                "- Eindeloos doorzaaien: een zet mag niet als het doorzaaien nooit zou ophouden, dat wil zeggen als binnen de zet de stand aan het begin van een ronde (het hele bord, het putje waaruit de ronde wordt opgepakt en de zaden in de hand) terugkomt. Zulke zetten komen in dit spel echt voor; ze tellen helemaal niet als zet, ook niet bij het voeden.",
            ],
            [
                "- Example of an endless relay: in `0,1,0,1,3,1/0,1,0,1,0,1 20-19 S` South may play `b`, `d` or `f`, but not `e`. Its 3 seeds go to `f A B`; `B` (2) goes on to `C D`, `D` (2) to `E F`, `F` (2) to `a b`, and so on. After 72 laps the board is back as it was, with the last seed in `e` making 3, so the 73rd lap would begin exactly like the first. With `d` instead, the seed makes 4 in `e`, which go to `f A B C`; `C` was empty, so the move ends. Across from `C` is `d`, emptied at the start, so nothing is taken: `0,1,0,0,0,2/1,2,1,1,0,1 20-19 N`.",
                "- Ví dụ về gieo tiếp vô tận: ở thế `0,1,0,1,3,1/0,1,0,1,0,1 20-19 S` Nam được đi `b`, `d` hoặc `f`, nhưng không được đi `e`. 3 hạt của nó rơi vào `f A B`; `B` (2) được gieo tiếp vào `C D`, `D` (2) vào `E F`, `F` (2) vào `a b`, và cứ thế. Sau 72 đợt gieo, bàn chơi trở lại đúng như lúc đầu, với hạt cuối rơi vào `e` làm ô này có 3 hạt, nên đợt gieo thứ 73 sẽ bắt đầu y hệt đợt đầu tiên. Nếu đi `d`, hạt đó làm `e` có 4 hạt, được gieo vào `f A B C`; `C` đang trống nên nước đi kết thúc. Đối diện `C` là `d`, ô đã bị bốc trống lúc bắt đầu, nên không ăn được gì: `0,1,0,0,0,2/1,2,1,1,0,1 20-19 N`.",
                "- Voorbeeld van eindeloos doorzaaien: in `0,1,0,1,3,1/0,1,0,1,0,1 20-19 S` mag Zuid `b`, `d` of `f` spelen, maar niet `e`. De 3 zaden daarvan gaan naar `f A B`; `B` (2) gaat verder naar `C D`, `D` (2) naar `E F`, `F` (2) naar `a b`, enzovoort. Na 72 rondes ligt het bord er weer bij als aan het begin, met het laatste zaad in `e`, dat er 3 van maakt, zodat de 73e ronde precies zo zou beginnen als de eerste. Met `d` maakt het zaad er 4 in `e`, die naar `f A B C` gaan; `C` was leeg, dus de zet is uit. Tegenover `C` ligt `d`, dat aan het begin is leeggemaakt, dus er wordt niets geslagen: `0,1,0,0,0,2/1,2,1,1,0,1 20-19 N`.",
            ],
        ],
    },
    Section {
        title: "sec.captures",
        items: &[[
            "When the move ends in an empty pit, you take every seed in the pit straight across from it: `a` and `F` face each other, as do `b` and `E`, `c` and `D`, `d` and `C`, `e` and `B`, `f` and `A`. The seed that ended the move stays where it fell, and if the pit across is empty, nothing is taken; either way the turn passes. Which row the empty pit is in makes no difference, so a move that ends in an empty pit of your opponent's row takes the seeds across from it, out of your own row, as in the first example above.",
            "Khi nước đi kết thúc ở một ô trống, bạn ăn hết hạt trong ô nằm ngay đối diện: `a` đối diện `F`, `b` với `E`, `c` với `D`, `d` với `C`, `e` với `B`, `f` với `A`. Hạt vừa kết thúc nước đi nằm yên chỗ nó rơi, và nếu ô đối diện trống thì không ăn được gì; dù thế nào, lượt cũng chuyển sang người kia. Ô trống nằm ở hàng nào cũng vậy, nên một nước kết thúc ở ô trống trong hàng đối thủ sẽ ăn các hạt ở ô đối diện, tức là trong hàng của chính bạn, như ở ví dụ đầu tiên bên trên.",
            "Eindigt de zet in een leeg putje, dan neem je alle zaden uit het putje er recht tegenover: `a` en `F` liggen tegenover elkaar, net als `b` en `E`, `c` en `D`, `d` en `C`, `e` en `B`, `f` en `A`. Het zaad waarmee de zet eindigde blijft liggen waar het viel, en is het putje ertegenover leeg, dan sla je niets; hoe dan ook gaat de beurt naar de ander. In welke rij het lege putje ligt, maakt niet uit: eindigt je zet in een leeg putje van je tegenstander, dan neem je de zaden ertegenover, uit je eigen rij, zoals in het eerste voorbeeld hierboven.",
        ]],
    },
    Section {
        title: "sec.feeding",
        items: &[[
            "If your opponent's row is empty when it is your turn, you must choose a move after which they have at least one seed, counting that move's capture; this holds even for a move that would bring you to 25. If no move does this, any move is allowed. While your opponent has seeds, every move is allowed. A move that would relay forever is never allowed, whether it feeds or not.",
            "Nếu đến lượt bạn mà hàng của đối thủ trống, bạn phải chọn nước đi sao cho sau nước đó đối thủ còn ít nhất một hạt, tính cả số hạt bị ăn trong nước ấy; điều này áp dụng cả với nước đi sẽ đưa bạn lên 25. Nếu không có nước nào như vậy, bạn được đi bất kỳ nước nào. Khi đối thủ còn hạt, mọi nước đều hợp lệ. Một nước gieo tiếp vô tận thì không bao giờ hợp lệ, dù nó có nhường hạt hay không.",
            "Is de rij van je tegenstander leeg wanneer jij aan zet bent, dan moet je een zet kiezen waarna hij minstens één zaad heeft, de slag van die zet meegerekend; dat geldt ook voor een zet die je op 25 zou brengen. Kan geen enkele zet dat, dan mag je elke zet doen. Zolang je tegenstander zaden heeft, is elke zet toegestaan. Een zet die eindeloos zou doorzaaien mag nooit, of hij nu voedt of niet.",
        ]],
    },
    Section {
        title: "sec.end",
        items: &[
            [
                "- 25 seeds: as soon as a player has captured 25 or more, the game ends.",
                "- 25 hạt: ngay khi một người đã ăn được từ 25 hạt trở lên, ván kết thúc.",
                "- 25 zaden: zodra een speler 25 of meer zaden heeft geslagen, is de partij uit.",
            ],
            [
                "- No move: the game also ends when the player to move cannot move, either because their row is empty or because every move they have would relay forever. Nobody ever passes.",
                "- Hết nước đi: ván cũng kết thúc khi người đến lượt không thể đi, hoặc vì hàng của họ trống, hoặc vì nước nào của họ cũng gieo tiếp vô tận. Trò này không có chuyện bỏ lượt.",
                "- Geen zet: de partij is ook uit als de speler aan zet niet kan zetten, omdat zijn rij leeg is of omdat elke zet die hij heeft eindeloos zou doorzaaien. Passen bestaat niet.",
            ],
            [
                "- Cycle or agreement: a position comes back, or the players agree that the seeds are circulating (see the house rules).",
                "- Vòng lặp hoặc thỏa thuận: một thế cờ lặp lại, hoặc hai người đồng ý rằng các hạt cứ quay vòng (xem phần quy ước riêng).",
                "- Kringloop of overleg: een stelling komt terug, of de spelers spreken af dat de zaden rondgaan (zie de huisregels).",
            ],
            [
                "- At every end each player adds the seeds still in their own row to their store. When one move both reaches 25 and leaves the opponent without a move, the game counts as ended by the 25 seeds; the share-out is the same either way.",
                "- Ở mọi cách kết thúc, mỗi người cộng số hạt còn trong hàng của mình vào kho. Khi một nước vừa đạt 25 vừa khiến đối thủ hết nước đi, ván được tính là kết thúc vì đủ 25 hạt; cách chia hạt thì vẫn như nhau.",
                "- Bij elk einde telt elke speler de zaden die nog in zijn eigen rij liggen bij zijn voorraad op. Haalt één zet 25 en laat hij de tegenstander ook zonder zet, dan telt de partij als beëindigd door de 25 zaden; de verdeling is hoe dan ook dezelfde.",
            ],
            [
                "- Example: in `0,0,0,1,0,0/0,3,0,0,0,0 22-22 S` South plays `d`. The seed falls into the empty `e`, and South takes the 3 seeds across from it in `B`, reaching 25: the game is over. South also gets the seed in `e`, North's row is empty, and South wins 26-22.",
                "- Ví dụ: ở thế `0,0,0,1,0,0/0,3,0,0,0,0 22-22 S` Nam đi `d`. Hạt rơi vào ô trống `e`, và Nam ăn 3 hạt ở ô đối diện `B`, lên 25: ván kết thúc. Nam còn được hạt ở `e`, hàng của Bắc trống, và Nam thắng 26-22.",
                "- Voorbeeld: in `0,0,0,1,0,0/0,3,0,0,0,0 22-22 S` speelt Zuid `d`. Het zaad valt in het lege `e`, en Zuid slaat de 3 zaden in `B`, er recht tegenover, en komt zo op 25: de partij is uit. Zuid krijgt ook het zaad in `e`, de rij van Noord is leeg, en Zuid wint met 26-22.",
            ],
        ],
    },
    Section {
        title: "sec.winner",
        items: &[[
            "The player with more seeds wins. Every seed is shared out at the end, so the winner always has 25 or more; 24-24 is a draw.",
            "Ai nhiều hạt hơn thì thắng. Khi kết thúc, mọi hạt đều được chia hết, nên người thắng luôn có từ 25 hạt trở lên; 24-24 là hòa.",
            "Wie de meeste zaden heeft, wint. Aan het eind worden alle zaden verdeeld, dus de winnaar heeft er altijd 25 of meer; 24-24 is remise.",
        ]],
    },
];

const HOUSE: &[Section] = &[Section {
    title: "sec.house",
    items: &[
        CYCLE,
        AGREED,
        [
            "- The sources describe the sowing and the capture, and little else. Where they are silent, this platform borrows from Barbados Warri (Speightstown), the island's other game, or from Anywoli, another relay game, as the points below say.",
            "- Các nguồn chỉ mô tả cách gieo và cách ăn hạt, ngoài ra nói rất ít. Ở những điểm chúng bỏ ngỏ, nền tảng này mượn quy ước của Barbados Warri (Speightstown), trò chơi còn lại của hòn đảo, hoặc của Anywoli, một trò gieo tiếp khác, như các điểm dưới đây cho biết.",
            "- De bronnen beschrijven het zaaien en de slag, en verder weinig. Waar ze zwijgen, leent dit platform van Barbados Warri (Speightstown), het andere spel van het eiland, of van Anywoli, een ander spel met doorzaaien, zoals de punten hieronder zeggen.",
        ],
        [
            "- Passing over the lap's own pit from 12 seeds up is the rule of Ayoayo and of Barbados Warri, applied here to every lap as a sowing of its own.",
            "- Việc bỏ qua ô của chính đợt gieo khi có từ 12 hạt trở lên là luật của Ayoayo và của Barbados Warri, ở đây áp dụng cho mỗi đợt gieo như một lần gieo riêng.",
            "- Het eigen putje van de ronde overslaan vanaf 12 zaden is de regel van Ayoayo en van Barbados Warri, hier toegepast op elke ronde alsof het een eigen zaaibeurt is.",
        ],
        [
            "- The capture: Herskovits says that the side makes no difference and that the mover takes the seeds in the opposite pit, and nothing about the seed that landed, so that seed stays on the board. Mancala World's account of Ayoayo takes it too; that is not followed here. A pit emptied earlier in the same move counts as empty.",
            "- Cách ăn hạt: Herskovits nói rằng ô trống ở bên nào cũng vậy và người đi lấy hạt ở ô đối diện, mà không nói gì về hạt vừa rơi, nên hạt đó vẫn nằm trên bàn. Bài về Ayoayo trên Mancala World cho lấy cả hạt đó; ở đây không theo cách ấy. Một ô bị bốc trống trước đó trong cùng nước đi được tính là trống.",
            "- De slag: Herskovits zegt dat de kant niet uitmaakt en dat de zetter de zaden uit het putje ertegenover neemt, en niets over het zaad dat daar viel, dus dat zaad blijft op het bord. De beschrijving van Ayoayo op Mancala World neemt het ook mee; dat wordt hier niet gevolgd. Een putje dat eerder in dezelfde zet is leeggemaakt, telt als leeg.",
        ],
        [
            "- Endless relays are illegal, as in Anywoli. But where an Anywoli player with no legal move passes, here the game ends: Ludii, too, plays on until a player cannot move.",
            "- Nước gieo tiếp vô tận là không hợp lệ, như ở Anywoli. Nhưng ở Anywoli người không còn nước hợp lệ thì bỏ lượt, còn ở đây ván kết thúc: Ludii cũng cho chơi tiếp chỉ đến khi một người không đi được nữa.",
            "- Eindeloos doorzaaien is ongeldig, zoals in Anywoli. Maar waar een speler zonder geldige zet in Anywoli past, is hier de partij uit: ook Ludii speelt door tot een speler niet meer kan zetten.",
        ],
        [
            "- Feeding and the stop at 25 follow Barbados Warri: feeding counts the move's capture, even for a move that reaches 25, and the game ends the moment a player reaches 25, the figure Mancala World gives.",
            "- Việc nhường hạt và điểm dừng ở 25 theo Barbados Warri: nhường hạt có tính số hạt bị ăn trong nước đi, kể cả với nước đạt 25, và ván kết thúc ngay khi một người đạt 25, con số mà Mancala World đưa ra.",
            "- Voeden en de grens bij 25 volgen Barbados Warri: bij het voeden telt de slag van de zet mee, ook bij een zet die 25 haalt, en de partij is uit zodra een speler 25 haalt, het getal dat Mancala World noemt.",
        ],
        [
            "- Leftover seeds go to the owner of each row at every end. Mancala World calls this very likely; Ludii gives what is left to the player who can still move, which comes to the same thing when the other row is empty. Speightstown's award of every seed to the player without seeds does not apply.",
            "- Ở mọi cách kết thúc, hạt còn lại thuộc về chủ của từng hàng. Mancala World cho rằng điều này rất có thể đúng; Ludii trao số hạt còn lại cho người vẫn còn đi được, và khi hàng kia trống thì kết quả cũng vậy. Luật của Speightstown trao hết hạt cho người không còn hạt thì không áp dụng ở đây.",
            "- Bij elk einde gaan de overgebleven zaden naar de eigenaar van elke rij. Mancala World noemt dat zeer waarschijnlijk; Ludii geeft wat over is aan de speler die nog kan zetten, en dat komt op hetzelfde neer als de andere rij leeg is. De Speightstown-regel dat de speler zonder zaden alles krijgt, geldt hier niet.",
        ],
        RECORDS,
    ],
}];

const HISTORY: &[Section] = &[
    Section {
        title: "sec.history",
        items: &[
            [
                "Barbados has two warri games of its own. Beside Barbados Warri, the grown men's game of tournaments, once called \"English Wari\", the island played Round-and-Round Warri, known also as \"French Wari\", \"Rounders\" and \"Round de Town\". It was played mostly by children and women, and where Barbados Warri sows a single lap, this game relays round the board again and again, as its names say.",
                "Barbados có hai trò warri của riêng mình. Bên cạnh Barbados Warri, trò chơi của đàn ông trưởng thành và của các giải đấu, trước đây gọi là \"English Wari\", người trên đảo còn chơi Round-and-Round Warri, cũng được biết với các tên \"French Wari\", \"Rounders\" và \"Round de Town\". Người chơi trò này chủ yếu là trẻ em và phụ nữ, và trong khi Barbados Warri chỉ gieo một đợt, trò này gieo tiếp vòng quanh bàn hết lần này đến lần khác, đúng như tên gọi của nó.",
                "Barbados heeft twee eigen warrispellen. Naast Barbados Warri, het toernooispel van volwassen mannen dat vroeger \"English Wari\" heette, speelde het eiland Round-and-Round Warri, ook bekend als \"French Wari\", \"Rounders\" en \"Round de Town\". Het werd vooral door kinderen en vrouwen gespeeld, en waar Barbados Warri één ronde zaait, zaait dit spel telkens weer verder rond het bord, zoals de namen al zeggen.",
            ],
            [
                "The American anthropologist Melville J. Herskovits recorded the game in 1932, in \"Wari in the New World\", an article on this African game in the Americas. He described it as Ayoayo, the relay game of the Yoruba of Nigeria, with one difference: in Ayoayo a move that ends in an empty pit captures only when that pit is in the mover's own row, while in Round-and-Round Warri an empty pit on either side captures. Mancala World retells his account, and the Ludii game system of the Digital Ludeme Project at Maastricht University includes the game as \"French Wari\".",
                "Nhà nhân học người Mỹ Melville J. Herskovits ghi lại trò chơi năm 1932, trong bài \"Wari in the New World\" viết về trò chơi châu Phi này ở châu Mỹ. Ông mô tả nó là Ayoayo, trò gieo tiếp của người Yoruba ở Nigeria, chỉ khác một điểm: ở Ayoayo, nước đi kết thúc ở ô trống chỉ ăn được khi ô đó nằm trong hàng của người đi, còn ở Round-and-Round Warri, ô trống ở bên nào cũng ăn được. Mancala World kể lại mô tả của ông, và hệ thống trò chơi Ludii của Dự án Digital Ludeme ở Đại học Maastricht có trò này dưới tên \"French Wari\".",
                "De Amerikaanse antropoloog Melville J. Herskovits legde het spel in 1932 vast, in \"Wari in the New World\", een artikel over dit Afrikaanse spel in Amerika. Hij beschreef het als Ayoayo, het doorzaaispel van de Yoruba in Nigeria, met één verschil: in Ayoayo slaat een zet die in een leeg putje eindigt alleen als dat putje in de eigen rij van de zetter ligt, terwijl in Round-and-Round Warri een leeg putje aan beide kanten slaat. Mancala World vertelt zijn beschrijving na, en het spelsysteem Ludii van het Digital Ludeme Project aan de Universiteit Maastricht heeft het spel opgenomen als \"French Wari\".",
            ],
            [
                "Little more is written down about how it was played, so several details of the rules on this page are the platform's own choices; the house rules above say which.",
                "Ngoài ra, cách chơi trò này hầu như không được ghi chép thêm, nên một số chi tiết trong luật ở trang này là lựa chọn của nền tảng; phần quy ước riêng ở trên cho biết đó là những chi tiết nào.",
                "Veel meer is er over de speelwijze niet opgeschreven, dus een aantal details van de regels op deze pagina zijn keuzes van het platform zelf; de huisregels hierboven zeggen welke.",
            ],
        ],
    },
    Section {
        title: "sec.sources",
        items: &[
            [
                "- Mancala World (mancala.fandom.com), the wiki of mancala games: its account of Round-and-Round Warri after Herskovits, and the pages \"Barbados Warri\", which names the game as the island's second, and \"Ayoayo\". Its pages are published under the Creative Commons licence CC BY-SA; the history above retells its facts in our own words.",
                "- Mancala World (mancala.fandom.com), trang wiki về các trò mancala: phần mô tả Round-and-Round Warri theo Herskovits, cùng các bài \"Barbados Warri\", nơi trò này được nêu là trò thứ hai của hòn đảo, và \"Ayoayo\". Các trang của wiki này được phát hành theo giấy phép Creative Commons CC BY-SA; phần lịch sử ở trên kể lại các sự kiện lấy từ đó bằng lời của chúng tôi.",
                "- Mancala World (mancala.fandom.com), de wiki over mancalaspellen: de beschrijving van Round-and-Round Warri naar Herskovits, en de pagina's \"Barbados Warri\", die het spel het tweede van het eiland noemt, en \"Ayoayo\". De pagina's daarvan staan onder de Creative Commons-licentie CC BY-SA; de geschiedenis hierboven vertelt de feiten daaruit na in onze eigen woorden.",
            ],
            [
                "- Melville J. Herskovits, \"Wari in the New World\", Journal of the Royal Anthropological Institute 62, 1932: the game's rules, given as those of Ayoayo with one change.",
                "- Melville J. Herskovits, \"Wari in the New World\", Journal of the Royal Anthropological Institute 62, 1932: luật của trò chơi, được trình bày như luật Ayoayo với một thay đổi.",
                "- Melville J. Herskovits, \"Wari in the New World\", Journal of the Royal Anthropological Institute 62, 1932: de regels van het spel, gegeven als die van Ayoayo met één wijziging.",
            ],
            [
                "- Éric Piette and others, \"Ludii - The Ludemic General Game System\", ECAI 2020: the general game system of the Digital Ludeme Project, whose entry French Wari gives the game after Herskovits (page 32).",
                "- Éric Piette và cộng sự, \"Ludii - The Ludemic General Game System\", ECAI 2020: hệ thống trò chơi tổng quát của Dự án Digital Ludeme, trong đó mục French Wari trình bày trò này theo Herskovits (trang 32).",
                "- Éric Piette e.a., \"Ludii - The Ludemic General Game System\", ECAI 2020: het algemene spelsysteem van het Digital Ludeme Project, waarin het spel als French Wari is opgenomen naar Herskovits (blz. 32).",
            ],
        ],
    },
];

pub(crate) const PAGE: GamePage = GamePage {
    id: "round-and-round-warri",
    name: "Round-and-Round Warri",
    variants: &[("round-and-round-warri", "Round-and-Round Warri")],
    place: ["Barbados, in the Caribbean", "Barbados, vùng Caribe", "Barbados, in het Caribisch gebied"],
    character: [
        "Barbados's other warri: handfuls relay round and round the board, and the last seed, in an empty pit on either side, takes what lies across from it.",
        "Trò warri còn lại của Barbados: các nắm hạt được gieo tiếp vòng này qua vòng khác, và hạt cuối, rơi vào ô trống ở bên nào cũng vậy, ăn hết hạt ở ô đối diện.",
        "Het andere warrispel van Barbados: handenvol zaden gaan telkens verder rond het bord, en het laatste zaad, in een leeg putje aan welke kant ook, neemt wat er recht tegenover ligt.",
    ],
    sections: SECTIONS,
    variant_sections: &[&[]],
    house: HOUSE,
    history: HISTORY,
};
