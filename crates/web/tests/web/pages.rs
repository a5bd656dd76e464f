//! Pages, texts in every language, assets.

use super::*;

fn holes(text: &str) -> Vec<&str> {
    let mut holes: Vec<&str> =
        text.split('{').skip(1).filter_map(|s| s.split('}').next()).collect();
    holes.sort();
    holes
}

/// Every paragraph of a rules page with where it sits: (page, part, text).
/// The part is "shared", "house", "history" or the variant's ruleset id.
fn rules_texts() -> Vec<(&'static str, &'static str, &'static [&'static str; 3])> {
    use mancala_web::content::PAGES;
    let mut all = Vec::new();
    for page in PAGES {
        let parts = [("shared", page.sections), ("house", page.house), ("history", page.history)]
            .into_iter()
            .chain(page.variants.iter().zip(page.variant_sections).map(|((id, _), s)| (*id, *s)));
        for (part, sections) in parts {
            for item in sections.iter().flat_map(|s| s.items) {
                all.push((page.id, part, item));
            }
        }
        all.push((page.id, "character", &page.character));
    }
    all
}

/// One GET on a fresh connection, the body kept as bytes (a gzipped body
/// is not text).
async fn get_raw(server: &Server, path: &str, headers: &[(&str, &str)]) -> (u16, String, Vec<u8>) {
    let mut stream = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let mut head = format!("GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n", server.addr);
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw).await;
    let end = raw.windows(4).position(|w| w == b"\r\n\r\n").expect("no HTTP answer");
    let head = String::from_utf8_lossy(&raw[..end]).to_ascii_lowercase();
    let status: u16 = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, head, raw[end + 4..].to_vec())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_are_escaped_wherever_they_are_shown() {
    let (_dir, _, server) = fresh_server().await;
    let evil = "<script>alert('x')</script>&";
    let c = post(
        &server,
        "/api/games",
        json!({"game": "wahree", "mode": "local", "name": evil, "opponent": "\"><img src=x>"}),
    )
    .await
    .json();
    let id = c["id"].as_str().unwrap().to_string();
    let token = c["token"].as_str().unwrap().to_string();
    post(&server, &format!("/api/games/{id}/resign"), json!({"token": token})).await;
    for path in [format!("/g/{id}"), format!("/replay/{id}"), "/finished".to_string()] {
        let page = get(&server, &path).await;
        assert_eq!(page.status, 200, "{path}");
        assert!(!page.body.contains("<script>alert"), "{path}");
        assert!(!page.body.contains("<img src=x>"), "{path}");
        assert!(
            page.body.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;"),
            "{path}"
        );
    }
    // The API gives the name as data, for the browser to set as text.
    assert_eq!(
        get(&server, &format!("/api/games/{id}")).await.json()["players"]["south"]["name"],
        evil
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_are_served_in_the_chosen_language() {
    let (_dir, _, server) = fresh_server().await;
    let vi =
        http(&server, "GET", "/", &[("Accept-Language", "vi-VN,vi;q=0.9,en;q=0.5")], b"").await;
    assert!(vi.body.contains("<html lang=\"vi\""));
    let nl = http(&server, "GET", "/", &[("Accept-Language", "fr, nl;q=0.8")], b"").await;
    assert!(nl.body.contains("<html lang=\"nl\""));
    let chosen = get(&server, "/?lang=nl").await;
    assert!(chosen.headers.contains("lang=nl"), "{}", chosen.headers);
    let remembered =
        http(&server, "GET", "/", &[("Cookie", "lang=vi"), ("Accept-Language", "nl")], b"").await;
    assert!(remembered.body.contains("<html lang=\"vi\""));
    let en = get(&server, "/").await;
    assert!(en.body.contains("<html lang=\"en\""));
    for page in mancala_web::content::PAGES {
        assert!(en.body.contains(page.name), "{} missing from the catalogue", page.name);
        for lang in ["en", "vi", "nl"] {
            let reply = get(&server, &format!("/games/{}?lang={lang}", page.id)).await;
            assert_eq!(reply.status, 200);
            assert!(reply.body.contains("/new?game="));
            // The history and its sources close the page.
            let chosen = Lang::from_code(lang).unwrap();
            let history = format!("<h2>{}</h2>", mancala_web::i18n::t(chosen, "sec.history"));
            let sources = format!("<h2>{}</h2>", mancala_web::i18n::t(chosen, "sec.sources"));
            let (h, s) = (reply.body.find(&history), reply.body.find(&sources));
            assert!(h.is_some() && s > h, "{} {lang}: no history and sources", page.id);
            assert!(reply.body.contains("CC BY-SA"));
        }
        for (variant, _) in page.variants {
            assert_eq!(get(&server, &format!("/games/{variant}")).await.status, 200);
        }
    }
    assert_eq!(get(&server, "/games/chess").await.status, 404);
    let missing = get(&server, "/no/such/page?lang=vi").await;
    assert_eq!(missing.status, 404);
    assert!(missing.body.contains("<html lang=\"vi\""));
    assert_eq!(get(&server, "/api/nothing").await.json()["error"]["code"], "not_found");
    for path in ["/new", "/new?game=anywoli", "/finished", "/assets/app.js", "/assets/style.css"] {
        assert_eq!(get(&server, path).await.status, 200, "{path}");
    }
    server.stop().await;
}

#[test]
fn every_text_is_in_every_language_and_translated() {
    let mut keys = std::collections::HashSet::new();
    for (key, texts) in TEXTS {
        assert!(keys.insert(key), "key {key} twice");
        for (lang, text) in Lang::ALL.iter().zip(texts) {
            assert!(!text.trim().is_empty(), "{key} is empty in {lang:?}");
            assert_eq!(holes(text), holes(texts[0]), "{key} in {lang:?} has other {{holes}}");
        }
        for text in &texts[1..] {
            assert!(
                text != &texts[0] || SAME_EVERYWHERE.contains(key),
                "{key} is not translated: {text}"
            );
        }
    }
    for lang in Lang::ALL {
        assert_eq!(mancala_web::i18n::bundle(lang).as_object().unwrap().len(), TEXTS.len());
    }
}

#[test]
fn every_rules_page_is_in_every_language_and_translated() {
    use mancala_web::content::{Section, PAGES};
    let check = |where_: &str, texts: &[&str; 3]| {
        for text in texts {
            assert!(!text.trim().is_empty(), "{where_}: empty text");
        }
        assert_ne!(texts[1], texts[0], "{where_}: Vietnamese is the English: {}", texts[0]);
        assert_ne!(texts[2], texts[0], "{where_}: Dutch is the English: {}", texts[0]);
        // Lists stay lists in every language.
        let bullets: Vec<bool> = texts.iter().map(|t| t.starts_with("- ")).collect();
        assert!(
            bullets.iter().all(|b| *b == bullets[0]),
            "{where_}: list item in one language only"
        );
        // Notation in backticks is the same in every language.
        let code =
            |t: &str| t.split('`').skip(1).step_by(2).map(str::to_string).collect::<Vec<_>>();
        assert_eq!(
            code(texts[1]).len(),
            code(texts[0]).len(),
            "{where_}: notation differs: {}",
            texts[1]
        );
        assert_eq!(
            code(texts[2]).len(),
            code(texts[0]).len(),
            "{where_}: notation differs: {}",
            texts[2]
        );
    };
    let sections = |page: &str, list: &[Section]| {
        for s in list {
            // Section titles live with the pages (mancala_content); the
            // interface finds them in every language all the same.
            for lang in Lang::ALL {
                let title = mancala_web::i18n::t(lang, s.title);
                assert!(!title.is_empty(), "{page}: unknown title {} in {lang:?}", s.title);
            }
            for (i, item) in s.items.iter().enumerate() {
                check(&format!("{page} {} #{i}", s.title), item);
            }
        }
    };
    assert_eq!(
        PAGES.iter().map(|p| p.variants.len()).sum::<usize>(),
        mancala_rules::RULESETS.len()
    );
    for page in PAGES {
        check(page.id, &page.place);
        check(page.id, &page.character);
        sections(page.id, page.sections);
        assert_eq!(page.variant_sections.len(), page.variants.len());
        for list in page.variant_sections {
            sections(page.id, list);
        }
        sections(page.id, page.house);
        sections(page.id, page.history);
        // The house rules (cycles; stalls for Anywoli) are stated.
        assert!(page
            .house
            .iter()
            .flat_map(|s| s.items)
            .any(|t| t[0].contains("cycle") || t[0].contains("repeat")));
    }
}

#[test]
fn rules_pages_keep_the_issue_11_fixes() {
    use mancala_web::content::PAGES;
    let texts = rules_texts();
    // Every text the site shows, per language: rules pages and interface.
    let in_lang = |i: usize| -> Vec<&str> {
        texts.iter().map(|(_, _, t)| t[i]).chain(TEXTS.iter().map(|(_, t)| t[i])).collect()
    };
    let (en, vi, nl) = (in_lang(0), in_lang(1), in_lang(2));
    // Repetition ends the game at a position's first return (its second
    // occurrence); "repeats for the second time" reads as a third one.
    for text in &en {
        assert!(!text.contains("second time"), "ambiguous repetition: {text}");
    }
    for text in &nl {
        assert!(!text.contains("tweede keer terug"), "ambiguous repetition: {text}");
    }
    // Dutch says "remise" for a draw, everywhere.
    for text in &nl {
        assert!(!text.to_lowercase().contains("gelijkspel"), "draw is \"remise\": {text}");
        assert!(!text.contains("af te rekenen") && !text.contains("afreken"), "{text}");
    }
    assert!(TEXTS.iter().any(|(k, t)| *k == "res.draw" && t[2] == "Remise"));
    // Vietnamese: a lap is "đợt gieo", a turn "lượt"; a mistake is "nước sai
    // lầm" and a game record "bản ghi".
    for text in &vi {
        for wrong in ["lượt gieo", "lượt này đến lượt", "nước hỏng", "là nước hỏng", "biên bản"]
        {
            assert!(!text.contains(wrong), "\"{wrong}\" in: {text}");
        }
    }
    assert!(TEXTS.iter().any(|(k, t)| *k == "review.mistake" && t[1].contains("nước sai lầm")));
    // A grand slam backfires only in Speightstown: the sentence that says so
    // is in Speightstown's own section, in every language, and nowhere else.
    let backfire = ["backfire", "gây hại cho chính người đi", "tegen je keren"];
    for (page, part, item) in &texts {
        for (lang, word) in backfire.iter().enumerate() {
            if item[lang].contains(word) {
                assert_eq!(*part, "barbados-warri-speightstown", "{page}/{part}: {}", item[lang]);
                assert!(backfire.iter().zip(item.iter()).all(|(w, t)| t.contains(w)));
            }
        }
    }
    assert!(texts
        .iter()
        .any(|(_, part, item)| *part == "barbados-warri-speightstown"
            && item[0].contains("backfire")));
    // Anywoli's last four (the default variant, `anywoli`) go to the player
    // credited with the capture that leaves them, the pit's owner for a four
    // made on the way; the shared section says only that the game ends.
    let shared = texts
        .iter()
        .find(|(page, part, item)| {
            *page == "anywoli" && *part == "shared" && item[0].starts_with("- Last four")
        })
        .expect("Anywoli states when the game ends at the last four");
    assert!(shared.2[0].contains("depends on the variant"), "{}", shared.2[0]);
    let last_four = texts
        .iter()
        .find(|(page, part, _)| *page == "anywoli" && *part == "anywoli")
        .expect("Anywoli states the last-four rule");
    assert!(!last_four.2[0].contains("whoever made"), "{}", last_four.2[0]);
    assert!(last_four.2[0].contains("credited") && last_four.2[0].contains("owner"));
    assert!(last_four.2[1].contains("chủ ô") && last_four.2[2].contains("eigenaar"));
    // Every game page tells its history and ends with its sources: Mancala
    // World with its licence, and printed works with title and year.
    for page in PAGES {
        let titles: Vec<&str> = page.history.iter().map(|s| s.title).collect();
        assert_eq!(titles, ["sec.history", "sec.sources"], "{}", page.id);
        assert!(page.history[0].items.len() >= 2, "{}: history too short", page.id);
        let sources = page.history[1].items;
        for text in &sources[0] {
            assert!(
                text.contains("Mancala World") && text.contains("CC BY-SA"),
                "{}: Mancala World and its licence first: {text}",
                page.id
            );
        }
        assert!(sources.len() >= 2, "{}: no printed source", page.id);
        for source in &sources[1..] {
            let text = source[0];
            let year = text.split(|c: char| !c.is_ascii_digit()).any(|w| {
                w.len() == 4 && (w.starts_with("18") || w.starts_with("19") || w.starts_with("20"))
            });
            assert!(text.starts_with("- ") && year, "{}: source without a year: {text}", page.id);
            assert_eq!(text.matches('"').count(), 2, "{}: source without a title: {text}", page.id);
        }
    }
}

#[test]
fn explanations_exist_in_every_language() {
    let rules = mancala_rules::ruleset("anywoli").unwrap();
    let mut game = mancala_rules::Game::new(rules.rules);
    let report = game.play_reported(mancala_rules::Pit::parse("a", &rules.rules).unwrap()).unwrap();
    let texts = mancala_web::explain::explanations(rules, &report);
    assert!(texts["vi"].as_str().unwrap().contains("ô"), "{texts}");
    assert!(texts["nl"].as_str().unwrap().contains("zaaide"), "{texts}");
    assert!(texts["en"].as_str().unwrap().contains("sowed"), "{texts}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn static_assets_are_cached_by_version_and_gzipped() {
    use std::io::Read;
    let (_dir, _, server) = fresh_server().await;
    let page = get(&server, "/").await.body;
    for (plain, ext, content_type) in [
        ("common", "js", "text/javascript"),
        ("app", "js", "text/javascript"),
        ("style", "css", "text/css"),
    ] {
        // Pages link the versioned name: a hash of the content.
        let at = page.find(&format!("/assets/{plain}.")).expect("the page links the asset");
        let path: String = page[at..].chars().take_while(|&c| c != '"').collect();
        let hash = path
            .trim_start_matches(&format!("/assets/{plain}."))
            .trim_end_matches(&format!(".{ext}"));
        assert_eq!(hash.len(), 16, "{path}");
        assert!(hash.bytes().all(|b| b.is_ascii_hexdigit()), "{path}");

        let (status, head, body) = get_raw(&server, &path, &[]).await;
        assert_eq!(status, 200);
        assert!(header(&head, "content-type").unwrap().starts_with(content_type), "{head}");
        assert_eq!(header(&head, "cache-control"), Some("public, max-age=31536000, immutable"));
        assert_eq!(header(&head, "content-encoding"), None, "no gzip unless asked");
        assert_eq!(header(&head, "vary"), Some("accept-encoding"));
        let etag = header(&head, "etag").expect("an etag").to_string();
        let plain_text = body;

        // Revalidation: the same tag gets 304 and no body.
        let (status, head, body) = get_raw(&server, &path, &[("If-None-Match", &etag)]).await;
        assert_eq!(status, 304, "{head}");
        assert!(body.is_empty());
        assert_eq!(header(&head, "etag"), Some(etag.as_str()));
        let (status, ..) =
            get_raw(&server, &path, &[("If-None-Match", "\"0000000000000000\"")]).await;
        assert_eq!(status, 200, "another tag gets the file");

        // gzip for a client that accepts it, and the same bytes inside.
        let (status, head, body) =
            get_raw(&server, &path, &[("Accept-Encoding", "br;q=1.0, gzip;q=0.8, *;q=0.1")]).await;
        assert_eq!(status, 200);
        assert_eq!(header(&head, "content-encoding"), Some("gzip"));
        assert_ne!(header(&head, "etag"), Some(etag.as_str()), "each encoding has its own tag");
        assert!(body.len() * 2 < plain_text.len(), "{} of {} bytes", body.len(), plain_text.len());
        let mut unzipped = Vec::new();
        flate2::read::GzDecoder::new(&body[..]).read_to_end(&mut unzipped).unwrap();
        assert_eq!(unzipped, plain_text);
        let (_, head, _) = get_raw(&server, &path, &[("Accept-Encoding", "gzip;q=0")]).await;
        assert_eq!(header(&head, "content-encoding"), None, "q=0 refuses gzip");

        // The plain name and a stale hash still work, revalidated each time.
        for other in
            [format!("/assets/{plain}.{ext}"), format!("/assets/{plain}.0123456789abcdef.{ext}")]
        {
            let (status, head, body) = get_raw(&server, &other, &[]).await;
            assert_eq!(status, 200, "{other}");
            assert_eq!(header(&head, "cache-control"), Some("no-cache"), "{other}");
            assert_eq!(body, plain_text, "{other}");
            let (status, ..) = get_raw(&server, &other, &[("If-None-Match", &etag)]).await;
            assert_eq!(status, 304, "{other}");
        }
    }
    assert_eq!(get(&server, "/assets/app.123.js").await.status, 404);
    assert_eq!(get(&server, "/assets/other.js").await.status, 404);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ending_names_the_player_and_watchers_learn_of_the_next_game() {
    let (_dir, _, server) = fresh_server().await;
    let (id, bram, anh) =
        online_game_between(&server, json!({"game": "wahree"}), "Bram", "Anh").await;
    let state = get(&server, &format!("/api/games/{id}")).await.json();
    assert_eq!(state["next_game"], Value::Null);
    let pick = strings(&state["legal"])[0].clone();
    let moved =
        post(&server, &format!("/api/games/{id}/moves"), json!({"token": bram, "move": pick}))
            .await
            .json();
    let text = moved["state"]["last"]["explanation"]["en"].as_str().unwrap().to_string();
    assert!(text.ends_with("North to move."), "{text}");

    // A spectator watches from here.
    let mut ws = game_socket(&server, &id).await;
    let _first = ws.next().await.unwrap().unwrap();

    // Anh resigns: nobody is to move any more, in any language.
    let over = post(&server, &format!("/api/games/{id}/resign"), json!({"token": anh})).await;
    assert_eq!(over.status, 200, "{}", over.body);
    let over = get(&server, &format!("/api/games/{id}")).await.json();
    assert_eq!(
        (over["winner"].as_str(), over["ending"].as_str()),
        (Some("south"), Some("resignation"))
    );
    for lang in ["en", "vi", "nl"] {
        let text = over["last"]["explanation"][lang].as_str().unwrap();
        assert!(!text.is_empty());
        assert!(
            !text.contains("North to move")
                && !text.contains("Đến lượt")
                && !text.contains("aan zet"),
            "{lang}: {text}"
        );
    }
    let replay = get(&server, &format!("/api/games/{id}/replay")).await.json();
    let last = replay["plies"].as_array().unwrap().last().unwrap();
    assert!(!last["report"]["explanation"]["en"].as_str().unwrap().contains("to move"));

    // The finished list names the player and gives the score as the game
    // page does: South's name and seeds first; the record has the score.
    let list = get(&server, "/finished").await.body;
    assert!(list.contains("Anh resigned"), "{list}");
    assert!(list.contains("Bram wins"));
    let captured = (over["captured"][0].as_u64().unwrap(), over["captured"][1].as_u64().unwrap());
    assert!(list.contains(&format!("Bram {} – {} Anh", captured.0, captured.1)));
    let nl = get(&server, "/finished?lang=nl").await.body;
    assert!(nl.contains("Anh gaf op"), "{nl}");
    let record = get(&server, &format!("/api/games/{id}/record")).await.body;
    assert!(record.contains(&format!("[Score \"{}-{}\"]", captured.0, captured.1)), "{record}");

    // A rematch: the old game's state names it, and watchers are told.
    let next =
        post(&server, &format!("/api/games/{id}/rematch"), json!({"token": bram})).await.json();
    let next_id = next["id"].as_str().unwrap().to_string();
    assert_eq!(get(&server, &format!("/api/games/{id}")).await.json()["next_game"], json!(next_id));
    loop {
        let message = tokio::time::timeout(Duration::from_secs(5), ws.next())
            .await
            .expect("the watcher hears of the rematch")
            .unwrap()
            .unwrap();
        let message: Value = serde_json::from_str(message.to_text().unwrap()).unwrap();
        if message["type"] == "state" && message["state"]["next_game"] == json!(next_id) {
            break;
        }
    }
    server.stop().await;
}

/// The page of a new local game.
async fn local_game_page(server: &Server) -> String {
    let (id, _, _) = create(server, json!({"game": "oware-abapa", "mode": "local"})).await;
    format!("/g/{id}")
}

/// Each feature serves its own page script: every file a page links under
/// `/assets/` (the core's and the features') is there, under the versioned
/// name the page uses, and kept for a year.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_asset_a_page_links_is_served_for_keeps() {
    let (_dir, _, server) = fresh_server().await;
    let game = local_game_page(&server).await;
    let daily = get(&server, "/api/puzzles/daily").await.json();
    let puzzle = format!("/puzzles/{}", daily["id"].as_str().unwrap());
    let pages = [
        "/",
        "/lobby",
        "/new",
        "/learn",
        "/analysis",
        "/puzzles",
        "/compositions",
        "/tournaments",
        "/classes",
        "/account",
    ];
    let mut seen = std::collections::BTreeSet::new();
    for path in pages.into_iter().chain([game.as_str(), puzzle.as_str()]) {
        let page = get(&server, path).await;
        assert_eq!(page.status, 200, "{path}");
        for rest in page.body.split("\"/assets/").skip(1) {
            let file = &rest[..rest.find('"').unwrap()];
            seen.insert(format!("/assets/{file}"));
        }
    }
    for script in ["lobby", "analysis", "tournament", "classes", "puzzles", "app", "common"] {
        let prefix = format!("/assets/{script}.");
        assert!(seen.iter().any(|a| a.starts_with(&prefix)), "no page links {script}: {seen:?}");
    }
    for asset in &seen {
        let reply = get(&server, asset).await;
        assert_eq!(reply.status, 200, "{asset}");
        assert_eq!(
            header(&reply.headers, "cache-control"),
            Some("public, max-age=31536000, immutable"),
            "{asset}"
        );
    }
    server.stop().await;
}

/// Every page script uses the helpers of `common.js` (the global
/// `mancala`): each page links it once, before any of its own scripts, and
/// all are deferred, so it runs first.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_loads_the_shared_helpers_before_its_scripts() {
    let (_dir, _, server) = fresh_server().await;
    let game = local_game_page(&server).await;
    let pages =
        ["/", "/lobby", "/new", "/finished", "/learn", "/analysis", "/puzzles", "/tournaments"];
    for path in pages.into_iter().chain([game.as_str()]) {
        let page = get(&server, path).await;
        assert_eq!(page.status, 200, "{path}");
        let scripts: Vec<&str> = page
            .body
            .split("<script src=\"")
            .skip(1)
            .map(|rest| &rest[..rest.find('"').unwrap()])
            .collect();
        assert!(scripts.len() >= 2, "{path}: {scripts:?}");
        assert!(scripts[0].starts_with("/assets/common."), "{path}: {scripts:?}");
        assert_eq!(scripts.iter().filter(|s| s.starts_with("/assets/common.")).count(), 1);
        assert!(scripts.iter().any(|s| s.starts_with("/assets/app.")), "{path}: {scripts:?}");
        let tags = page.body.matches("<script src=").count();
        assert_eq!(page.body.matches("\" defer></script>").count(), tags, "{path}: all deferred");
    }
    server.stop().await;
}

/// The site has an icon: every page names one (an SVG under a versioned
/// name) and `/favicon.ico`, which browsers ask for on their own, is an
/// ICO (not a 404), in every language's pages.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_has_an_icon_and_favicon_ico_answers() {
    let (_dir, _, server) = fresh_server().await;
    let (status, head, body) = get_raw(&server, "/favicon.ico", &[]).await;
    assert_eq!(status, 200);
    assert_eq!(header(&head, "content-type"), Some("image/x-icon"));
    assert_eq!(&body[..4], &[0, 0, 1, 0], "an ICO file");
    let images = u16::from_le_bytes([body[4], body[5]]);
    assert!(images >= 2, "{images} sizes");
    for path in
        ["/", "/games/wahree?lang=vi", "/learn?lang=nl", "/puzzles", "/analysis", "/nothing-here"]
    {
        let page = get(&server, path).await.body;
        assert!(page.contains("<link rel=\"icon\" href=\"/favicon.ico\""), "{path}");
        let svg_link =
            page.split("<link rel=\"icon\" href=\"/assets/favicon.").nth(1).expect("an SVG icon");
        let href = format!("/assets/favicon.{}", svg_link.split('"').next().unwrap());
        let (status, head, svg) = get_raw(&server, &href, &[]).await;
        assert_eq!(status, 200, "{href}");
        assert_eq!(header(&head, "content-type"), Some("image/svg+xml"));
        assert!(String::from_utf8_lossy(&svg).starts_with("<svg"), "{href}");
    }
    server.stop().await;
}

/// Issue 31's wording: Wahree's wipe-out is one Dutch word ("kaalslag") in
/// its rules and its lessons alike; Dutch does not say "de rij dichtbij",
/// and "Wie ... heeft, wint" has its comma; Vietnamese calls the
/// platform's conventions the platform's ("nền tảng"), not the page's, and
/// says "hạt đang chơi" for the seeds in play.
#[test]
fn texts_keep_the_issue_31_wording() {
    use mancala_web::learn::LESSONS;
    let texts = rules_texts();
    let lessons: Vec<[&str; 3]> = LESSONS
        .lessons
        .iter()
        .flat_map(|l| {
            let of_wahree = l.rulesets.iter().any(|r| r == "wahree");
            std::iter::once(&l.title)
                .chain(&l.text)
                .chain(l.exercises.iter().map(|e| &e.prompt))
                .filter(move |_| of_wahree)
                .map(|t| [t.en.as_str(), t.vi.as_str(), t.nl.as_str()])
        })
        .collect();
    let wahree = texts.iter().filter(|(page, _, _)| *page == "wahree").map(|(_, _, t)| **t);
    let mut wipe_outs = 0;
    for text in wahree.chain(lessons) {
        if text[0].to_lowercase().contains("wipe-out") {
            assert!(
                text[2].to_lowercase().contains("kaalslag"),
                "the wipe-out is a kaalslag: {}",
                text[2]
            );
            wipe_outs += 1;
        }
        for other in ["wegvag", "volledige slag"] {
            assert!(
                !text[2].to_lowercase().contains(other),
                "\"{other}\" for the wipe-out: {}",
                text[2]
            );
        }
    }
    assert!(wipe_outs >= 6, "{wipe_outs} texts about Wahree's wipe-out");
    let every = |i: usize| -> Vec<&str> {
        texts
            .iter()
            .map(|(_, _, t)| t[i])
            .chain(TEXTS.iter().map(|(_, t)| t[i]))
            .chain(LESSONS.lessons.iter().flat_map(|l| {
                l.text.iter().map(|t| [t.en.as_str(), t.vi.as_str(), t.nl.as_str()][i])
            }))
            .collect()
    };
    for text in every(2) {
        assert!(!text.contains("rij dichtbij") && !text.contains("verre rij"), "{text}");
        assert!(!text.contains("heeft wint"), "the comma after \"heeft\": {text}");
    }
    for text in every(1) {
        for wrong in [
            "của trang này",
            "trang này tự",
            "trang này xử lý",
            "trang này dùng",
            "trong cuộc",
            "cầm bên Nam",
        ] {
            assert!(!text.contains(wrong), "\"{wrong}\" in: {text}");
        }
    }
    assert_eq!(
        mancala_web::i18n::t(Lang::Vi, "sec.house"),
        "Ghi chú và quy ước riêng của nền tảng"
    );
}

/// Issue 31: the two Dutch sentences of Barbados's history that kept the
/// source page's own words are rewritten; none of their phrases is left.
#[test]
fn the_dutch_barbados_history_is_in_our_own_words() {
    let history: Vec<&str> = rules_texts()
        .into_iter()
        .filter(|(page, part, _)| page.starts_with("barbados") && *part == "history")
        .map(|(_, _, t)| t[2])
        .collect();
    assert!(!history.is_empty(), "Barbados has a history section");
    let all = history.join(" ");
    assert!(all.contains("Depradine"), "the history still names Depradine's research: {all}");
    for phrase in [
        "dikke mahoniehouten borden",
        "door generaties vurige spelers",
        "diep waren uitgesleten",
        "als proefterrein voor evolutionair rekenen",
    ] {
        assert!(!all.contains(phrase), "\"{phrase}\" is the source's sentence: {all}");
    }
}

/// Issue 31: docs/rules-coverage.md lists no rule test as failing (each
/// such note named a bug that is fixed).
#[test]
fn the_rules_coverage_doc_lists_no_failing_test() {
    let doc = include_str!("../../../../docs/rules-coverage.md");
    assert!(doc.lines().count() > 10, "the coverage table is there");
    for (i, line) in doc.lines().enumerate() {
        assert!(!line.contains("(fails"), "docs/rules-coverage.md line {}: {line}", i + 1);
    }
}

/// The templates (`mancala_web::html`): whatever text a page splices in is
/// escaped, typed text (`Text`) its apostrophes too, and JSON inside a
/// script element cannot close it.
#[test]
fn spliced_text_is_escaped_and_typed_text_even_its_apostrophes() {
    use mancala_web::html::{html, Text};
    let evil = "<script>alert('x')</script>&\"";
    let page = html! { p title=(evil) { (evil) } p { (Text(evil)) } };
    assert_eq!(
        page.into_string(),
        "<p title=\"&lt;script&gt;alert('x')&lt;/script&gt;&amp;&quot;\">\
         &lt;script&gt;alert('x')&lt;/script&gt;&amp;&quot;</p>\
         <p>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;&quot;</p>"
    );
}

#[test]
fn json_in_a_script_element_cannot_close_it() {
    let json = mancala_web::html::script_json(r#"{"name":"</script><script>alert(1)</script>&"}"#)
        .into_string();
    assert!(!json.contains("</script>") && !json.contains('<') && !json.contains('&'), "{json}");
    let back: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(back["name"], "</script><script>alert(1)</script>&");
}
