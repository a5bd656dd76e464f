//! Classes for teachers: a signed-in teacher makes a class and gets a join
//! link, a short code and a QR code; pupils join with a first name only;
//! the teacher sees each pupil's lessons, puzzles, rating, games and when
//! they were last seen, starts a class tournament with the pupils present,
//! and can remove a pupil (which deletes that pupil's data).
//!
//! A pupil is an account without a password (`sqlite.rs`), signed
//! in by the session cookie that joining sets. On another device the pupil
//! signs in with their pupil code, which the teacher sees and can change
//! (the old one then signs nobody in, and the pupil's sessions end). On a
//! shared school computer the page keeps the pupils who joined there, so
//! each picks their name from that list (`classes.js`).
//!
//! Codes are drawn by the OS's generator from 31 letters and digits that
//! cannot be mistaken for one another (no 0/O, 1/I/L); a class code has 6
//! (about 30 bits), a pupil code 8 (about 40 bits), and joining and
//! signing in count against the address's class attempts (a burst of 120,
//! then one every 5 s: a school behind one address fits), so neither can
//! be guessed.

use super::{pupil_key, ClassRow, Progress, PupilRow};
use crate::api::{
    attempt_from, blocking, class_attempt, clean_name, error, game_id, internal, name_error,
    required_name, secret, signed_in, start_pupil_session, ApiError, ApiResult, ClientOf, JsonBody,
    SignedIn,
};
use crate::store::{GameResult, GameRow, PlayerGames, PlayerRow, StoreError};
use crate::Shared;
use crate::Store;
use axum::extract::{FromRequest, Path, Request, State};
use axum::http::header;
use axum::http::HeaderMap;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::response::Response;
use axum::Json;
use axum::RequestExt;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde::Serialize;

/// The letters and digits of codes: no 0, O, 1, I or L.
const ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CLASS_CODE_LEN: usize = 6;
const PUPIL_CODE_LEN: usize = 8;

/// Pupils a class may have: a large school class and some to spare.
pub const MAX_PUPILS: usize = 60;
/// Classes one teacher may have.
pub const MAX_CLASSES: usize = 30;
/// Characters a class's name and a pupil's first name may have.
const CLASS_NAME_CHARS: usize = 40;
const FIRST_NAME_CHARS: usize = 20;
/// A pupil seen this recently is present (a page open polls the server).
pub const PRESENT_SECONDS: i64 = 300;
/// A random code of `len` characters from [`ALPHABET`].
fn code(len: usize) -> String {
    let mut bytes = vec![0u8; len];
    if getrandom::fill(&mut bytes).is_err() {
        let mut rng = fastrand::Rng::new();
        bytes.iter_mut().for_each(|b| *b = rng.u8(..));
    }
    // 256 is not a multiple of 31: redraw the few bytes above the last
    // whole multiple, so every character is equally likely.
    let limit = 256 - 256 % ALPHABET.len();
    let mut rng = fastrand::Rng::new();
    bytes
        .iter()
        .map(|&b| {
            let mut b = usize::from(b);
            while b >= limit {
                let mut one = [0u8];
                b = if getrandom::fill(&mut one).is_ok() {
                    usize::from(one[0])
                } else {
                    usize::from(rng.u8(..))
                };
            }
            char::from(ALPHABET[b % ALPHABET.len()])
        })
        .collect()
}

/// A code as typed: upper case, without spaces or dashes.
pub fn normal_code(typed: &str) -> String {
    typed.chars().filter(|c| !c.is_whitespace() && *c != '-').collect::<String>().to_uppercase()
}

/// A first name folded to ASCII letters and digits for the pupil's
/// account name (`Lân` -> `Lan`, `Đức` -> `Duc`, `Zoë` -> `Zoe`).
pub fn ascii_fold(name: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    name.nfd()
        .map(|c| match c {
            'đ' => 'd',
            'Đ' => 'D',
            other => other,
        })
        .filter(char::is_ascii_alphanumeric)
        .collect()
}

/// Why a first name cannot be a pupil's: 1-20 letters (of any script),
/// with spaces, `-`, `'` and `.` between them.
fn check_first_name(typed: &str) -> Result<String, ApiError> {
    let name = clean_name(Some(typed), "").map_err(name_error)?;
    let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
    let allowed = |c: char| c.is_alphabetic() || c == ' ' || c == '-' || c == '\'' || c == '.';
    let letters = name.chars().filter(|c| c.is_alphabetic()).count();
    if letters == 0 || name.chars().count() > FIRST_NAME_CHARS || !name.chars().all(allowed) {
        return Err(error(
            StatusCode::BAD_REQUEST,
            "bad_name",
            format!(
                "a pupil joins with a first name of 1 to {FIRST_NAME_CHARS} characters: letters \
                 (any alphabet), with spaces, '-', ''' or '.' between them; no digits"
            ),
        ));
    }
    Ok(name)
}

fn not_found(what: &str) -> ApiError {
    error(StatusCode::NOT_FOUND, "not_found", format!("there is no class {what}"))
}

fn not_teacher() -> ApiError {
    error(
        StatusCode::FORBIDDEN,
        "not_teacher",
        "only the class's teacher may see or change this: sign in as the teacher",
    )
}

fn join_url(state: &Shared, class: &ClassRow) -> String {
    format!("{}/classes/join/{}", state.public_url, class.code)
}

/// The class with this id, for its teacher only: 404 for an unknown id,
/// 403 for anyone else, signed in or not.
async fn as_teacher(
    state: &Shared,
    headers: &HeaderMap,
    id: &str,
) -> Result<(PlayerRow, ClassRow), ApiError> {
    let teacher = match signed_in(state, headers).await {
        Ok((teacher, _)) => teacher,
        Err(e) if e.status == StatusCode::UNAUTHORIZED => return Err(not_teacher()),
        Err(e) => return Err(e),
    };
    if !crate::api::valid_id(id) {
        return Err(not_found(&format!("'{id}'")));
    }
    let key = id.to_string();
    let class = blocking(state, move |s| s.class(&key))
        .await?
        .ok_or_else(|| not_found(&format!("'{id}'")))?;
    if class.teacher != teacher.id {
        return Err(not_teacher());
    }
    Ok((teacher, class))
}

#[derive(Deserialize)]
pub(crate) struct CreateBody {
    name: String,
    /// The game the class learns (default Wahree, taught in the Virgin
    /// Islands' schools).
    game: Option<String>,
}

/// `POST /api/classes {name, game?}`: a new class of the signed-in teacher
/// -> 201 `{id, code, join_url, url}`.
pub(crate) async fn create(
    State(state): State<Shared>,
    client: ClientOf,
    headers: HeaderMap,
    JsonBody(body): JsonBody<CreateBody>,
) -> Result<Response, ApiError> {
    let (teacher, _) = signed_in(&state, &headers).await.map_err(|e| {
        if e.status == StatusCode::UNAUTHORIZED {
            error(StatusCode::UNAUTHORIZED, "not_signed_in", "sign in to make a class")
        } else {
            e
        }
    })?;
    if blocking(&state, {
        let id = teacher.id.clone();
        move |s| s.pupil_of(&id)
    })
    .await?
    .is_some()
    {
        return Err(error(
            StatusCode::FORBIDDEN,
            "pupil",
            "a pupil's account cannot make a class: the teacher signs in with their own",
        ));
    }
    let name = required_name(Some(&body.name), CLASS_NAME_CHARS, "a class needs")?;
    let ruleset = crate::api::ruleset_named(body.game.as_deref().unwrap_or("wahree"))?;
    let id = teacher.id.clone();
    let theirs = blocking(&state, move |s| s.classes_of(&id)).await?;
    if theirs.len() >= MAX_CLASSES {
        return Err(error(
            StatusCode::CONFLICT,
            "too_many_classes",
            format!("you already have {MAX_CLASSES} classes, the most a teacher may have"),
        ));
    }
    attempt_from(&state, &client)?;
    // A code taken already (one in a billion) is drawn again.
    for _ in 0..5 {
        let row = ClassRow {
            id: game_id(),
            code: code(CLASS_CODE_LEN),
            name: name.clone(),
            ruleset: ruleset.id.into(),
            teacher: teacher.id.clone(),
            created: state.time.now_secs(),
            tournament: None,
        };
        let stored = row.clone();
        if blocking(&state, move |s| s.create_class(&stored)).await? {
            let body = Created {
                join_url: join_url(&state, &row),
                url: format!("{}/classes/{}", state.public_url, row.id),
                id: row.id,
                code: row.code,
            };
            return Ok((StatusCode::CREATED, Json(body)).into_response());
        }
    }
    Err(internal("no free class code after five draws"))
}

/// `GET /api/classes`: the signed-in teacher's classes.
pub(crate) async fn list(
    State(state): State<Shared>,
    SignedIn { player: teacher, .. }: SignedIn,
) -> ApiResult<Vec<Listed>> {
    let id = teacher.id.clone();
    let classes = blocking(&state, move |s| {
        s.classes_of(&id)?
            .into_iter()
            .map(|c| {
                let n = s.pupils(&c.id)?.len();
                Ok((c, n))
            })
            .collect::<Result<Vec<_>, _>>()
    })
    .await?;
    let list = classes
        .into_iter()
        .map(|(c, pupils)| Listed {
            join_url: join_url(&state, &c),
            id: c.id,
            name: c.name,
            code: c.code,
            game: c.ruleset,
            pupils,
            created: c.created,
        })
        .collect();
    Ok(Json(list))
}

/// A new class: its ids and links.
#[derive(Serialize)]
pub(crate) struct Created {
    id: String,
    code: String,
    join_url: String,
    url: String,
}

/// A class in the teacher's list.
#[derive(Serialize)]
pub(crate) struct Listed {
    id: String,
    name: String,
    code: String,
    game: String,
    pupils: usize,
    join_url: String,
    created: i64,
}

/// A game in a pupil's recent games, as the teacher sees it.
#[derive(Serialize)]
pub(crate) struct RecentGame {
    id: String,
    url: String,
    game: String,
    opponent: String,
    result: Option<&'static str>,
    moves: u32,
    updated: i64,
}

/// A class as its teacher sees it.
#[derive(Serialize)]
pub(crate) struct ClassView {
    id: String,
    name: String,
    code: String,
    game: String,
    join_url: String,
    qr_url: String,
    tournament: Option<TournamentLink>,
    present_seconds: i64,
    pupils: Vec<PupilView>,
}

/// The class's latest tournament.
#[derive(Serialize)]
pub(crate) struct TournamentLink {
    id: String,
    url: String,
}

impl TournamentLink {
    fn of(class: &ClassRow) -> Option<TournamentLink> {
        let id = class.tournament.as_ref()?;
        Some(TournamentLink { url: format!("/tournaments/{id}"), id: id.clone() })
    }
}

/// What a pupil's device is told on joining or signing in: their class
/// and their seat in it.
#[derive(Serialize)]
pub(crate) struct Seat {
    class: ClassLink,
    pupil: PupilSeat,
}

/// A class as its pupils see it.
#[derive(Serialize)]
pub(crate) struct ClassLink {
    id: String,
    name: String,
    game: String,
    url: String,
}

/// A pupil's own seat: first name, account name, pupil code.
#[derive(Serialize)]
pub(crate) struct PupilSeat {
    name: String,
    account: String,
    code: String,
}

/// A signed-in pupil's class and where it plays now.
#[derive(Serialize)]
pub(crate) struct Mine {
    #[serde(flatten)]
    seat: Seat,
    tournament: Option<TournamentLink>,
}

/// A pupil's new code.
#[derive(Serialize)]
pub(crate) struct NewCode {
    name: String,
    code: String,
}

/// A class tournament just started.
#[derive(Serialize)]
pub(crate) struct ClassTournament {
    id: String,
    url: String,
    players: Vec<String>,
    round: crate::tournaments::view::RoundStarted,
}

/// A pupil as the teacher sees them.
#[derive(Serialize)]
struct PupilView {
    name: String,
    /// The account's name (what games and the players' pages show).
    account: String,
    /// The pupil code that signs them in on another device.
    code: String,
    lessons_done: u32,
    puzzles_solved: u32,
    /// Games played (finished or not).
    games: u32,
    /// The latest games, newest first, with their links.
    recent_games: Vec<RecentGame>,
    /// The rating in the class's game, once rated there.
    rating: Option<i64>,
    /// Seconds since the Unix epoch.
    last_seen: i64,
    joined: i64,
    /// Seen in the last [`PRESENT_SECONDS`].
    present: bool,
}

/// `GET /api/classes/ID`: the class and its pupils, for its teacher (403
/// for anyone else).
pub(crate) async fn show(
    State(state): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<ClassView> {
    let (_, class) = as_teacher(&state, &headers, &id).await?;
    let key = class.id.clone();
    let ruleset = class.ruleset.clone();
    let found: Vec<PupilFound> = blocking(&state, move |s| {
        s.pupils(&key)?.into_iter().map(|pupil| PupilFound::load(s, pupil, &ruleset)).collect()
    })
    .await?;
    let at = state.time.now_secs();
    let pupils: Vec<PupilView> = found.into_iter().map(|found| found.view(at)).collect();
    Ok(Json(ClassView {
        join_url: join_url(&state, &class),
        qr_url: format!("/classes/{}/qr.svg", class.id),
        tournament: TournamentLink::of(&class),
        present_seconds: PRESENT_SECONDS,
        pupils,
        id: class.id,
        name: class.name,
        code: class.code,
        game: class.ruleset,
    }))
}

/// What the store holds of a pupil for their class's teacher.
struct PupilFound {
    pupil: PupilRow,
    account: Option<PlayerRow>,
    progress: Progress,
    recent_games: Vec<RecentGame>,
    /// The rating in the class's game, once rated there.
    rating: Option<i64>,
}

impl PupilFound {
    /// A pupil's account, progress, latest games and rating in `ruleset`.
    fn load(s: &dyn Store, pupil: PupilRow, ruleset: &str) -> Result<Self, StoreError> {
        let account = s.player_by_id(&pupil.player)?;
        let progress = s.progress(&pupil.player)?;
        let recent_games = recent_games(s, &pupil.player)?;
        let rating = s
            .ratings(&pupil.player)?
            .into_iter()
            .find(|r| r.ruleset == ruleset && r.games > 0)
            .map(|r| r.rating.round() as i64);
        Ok(PupilFound { pupil, account, progress, recent_games, rating })
    }

    /// The pupil as the class shows them at `at` (seconds since the epoch).
    fn view(self, at: i64) -> PupilView {
        let PupilFound { pupil, account, progress, recent_games, rating } = self;
        PupilView {
            account: account.map(|a| a.name).unwrap_or_default(),
            code: pupil.code,
            lessons_done: crate::lessons::lessons_done(&progress.answers),
            puzzles_solved: progress.puzzles_solved,
            games: progress.games,
            recent_games,
            rating,
            last_seen: pupil.last_seen,
            joined: pupil.joined,
            present: at - pupil.last_seen <= PRESENT_SECONDS,
            name: pupil.name,
        }
    }
}

/// A player's five latest games, playing or finished, newest first.
fn recent_games(s: &dyn Store, player: &str) -> Result<Vec<RecentGame>, StoreError> {
    let query =
        |active| PlayerGames { active, opponent: None, rated_only: false, limit: 5, offset: 0 };
    let mut games = s.player_games(player, &query(true))?;
    games.extend(s.player_games(player, &query(false))?);
    games.sort_by_key(|g| std::cmp::Reverse(g.0.updated));
    Ok(games.iter().take(5).map(|(g, moves)| RecentGame::of(g, *moves, player)).collect())
}

impl RecentGame {
    /// A game of `player`'s, with its number of moves.
    fn of(g: &GameRow, moves: u32, player: &str) -> Self {
        let south = g.south_player.as_deref() == Some(player);
        let opponent = if south { &g.north_name } else { &g.south_name };
        let over = g.status == crate::store::Status::Finished;
        let result = g.result.map(|r| match (r, south) {
            (GameResult::Draw, _) => "draw",
            (GameResult::South, true) | (GameResult::North, false) => "won",
            _ => "lost",
        });
        RecentGame {
            url: if over { format!("/replay/{}", g.id) } else { format!("/g/{}", g.id) },
            id: g.id.clone(),
            game: g.ruleset.clone(),
            opponent: opponent.clone(),
            result,
            moves,
            updated: g.updated,
        }
    }
}

#[derive(Deserialize)]
pub(crate) struct JoinBody {
    code: String,
    name: String,
}

#[derive(Deserialize)]
pub(crate) struct SignInBody {
    code: String,
}

/// A request body that carries a class's or a pupil's code.
pub(crate) trait CodeBody: DeserializeOwned + Send {
    fn code(&self) -> &str;
}

impl CodeBody for JoinBody {
    fn code(&self) -> &str {
        &self.code
    }
}

impl CodeBody for SignInBody {
    fn code(&self) -> &str {
        &self.code
    }
}

/// A try with a code (a pupil joining, or signing in): the JSON body, then
/// one class attempt counted against the address (see [`class_attempt`]),
/// and the code as typed, in normal form ([`normal_code`]).
pub(crate) struct CodeAttempt<B> {
    typed: String,
    body: B,
}

impl<B: CodeBody> FromRequest<Shared> for CodeAttempt<B> {
    type Rejection = ApiError;

    async fn from_request(mut req: Request, state: &Shared) -> Result<Self, ApiError> {
        let Ok(client) = req.extract_parts::<ClientOf>().await;
        let JsonBody(body) = JsonBody::<B>::from_request(req, state).await?;
        class_attempt(state, &client)?;
        Ok(CodeAttempt { typed: normal_code(body.code()), body })
    }
}

/// What a pupil's device is told on joining or signing in.
fn seat(state: &Shared, class: &ClassRow, pupil: &PupilRow, account: &str) -> Seat {
    Seat {
        class: ClassLink {
            id: class.id.clone(),
            name: class.name.clone(),
            game: class.ruleset.clone(),
            url: format!("{}/classes/join/{}", state.public_url, class.code),
        },
        pupil: PupilSeat {
            name: pupil.name.clone(),
            account: account.to_string(),
            code: pupil.code.clone(),
        },
    }
}

fn with_cookie(status: StatusCode, body: Seat, cookie: String) -> Response {
    (status, [(header::SET_COOKIE, cookie)], Json(body)).into_response()
}

/// `POST /api/classes/join {code, name}`: a pupil joins with a first name
/// -> 201 with the pupil's seat (their pupil code among it) and the
/// session cookie. 404 for an unknown code, 409 when the class has a pupil
/// of that name.
pub(crate) async fn join(
    State(state): State<Shared>,
    CodeAttempt { typed, body }: CodeAttempt<JoinBody>,
) -> Result<Response, ApiError> {
    let name = check_first_name(&body.name)?;
    let key = typed.clone();
    let class = blocking(&state, move |s| s.class_by_code(&key)).await?.ok_or_else(|| {
        error(
            StatusCode::NOT_FOUND,
            "unknown_code",
            format!(
                "no class has the code '{typed}': a class code is {CLASS_CODE_LEN} letters and \
                 digits, as the teacher shows it"
            ),
        )
    })?;
    let class_id = class.id.clone();
    let pupils = blocking(&state, move |s| s.pupils(&class_id)).await?;
    let taken = || {
        error(
            StatusCode::CONFLICT,
            "name_taken",
            format!(
                "the class already has a pupil named '{name}': if that is you, pick your name on \
                 the device you joined on or sign in with your pupil code; if not, add an \
                 initial (such as '{name} B')"
            ),
        )
    };
    if pupils.iter().any(|p| pupil_key(&p.name) == pupil_key(&name)) {
        return Err(taken());
    }
    if pupils.len() >= MAX_PUPILS {
        return Err(error(
            StatusCode::CONFLICT,
            "class_full",
            format!("the class is full ({MAX_PUPILS} pupils): ask the teacher"),
        ));
    }
    let mut base = ascii_fold(&name);
    base.truncate(12);
    if base.chars().count() < 2 {
        base = "pupil".into();
    }
    for _ in 0..5 {
        let at = state.time.now_secs();
        let account = PlayerRow {
            id: secret(),
            name: format!("{base}-{}", code(4)),
            password: String::new(),
            created: at,
            deleted: false,
        };
        let pupil = PupilRow {
            class_id: class.id.clone(),
            player: account.id.clone(),
            name: name.clone(),
            code: code(PUPIL_CODE_LEN),
            joined: at,
            last_seen: at,
        };
        let (a, p) = (account.clone(), pupil.clone());
        if blocking(&state, move |s| s.add_pupil(&a, &p)).await? {
            let cookie = start_pupil_session(&state, &account).await?;
            return Ok(with_cookie(
                StatusCode::CREATED,
                seat(&state, &class, &pupil, &account.name),
                cookie,
            ));
        }
        // Taken meanwhile: the first name (say so), or the drawn account
        // name (draw again).
        let class_id = class.id.clone();
        let now_pupils = blocking(&state, move |s| s.pupils(&class_id)).await?;
        if now_pupils.iter().any(|p| pupil_key(&p.name) == pupil_key(&name)) {
            return Err(taken());
        }
    }
    Err(internal("no free account name for the pupil after five draws"))
}

/// `POST /api/classes/sign-in {code}`: a pupil signs in with their pupil
/// code (on another device, or picking their name on a shared one) -> the
/// seat and the session cookie; 404 for a code no pupil has.
pub(crate) async fn sign_in(
    State(state): State<Shared>,
    CodeAttempt { typed, .. }: CodeAttempt<SignInBody>,
) -> Result<Response, ApiError> {
    let key = typed.clone();
    let found = blocking(&state, move |s| {
        let Some(pupil) = s.pupil_by_code(&key)? else { return Ok(None) };
        let class = s.class(&pupil.class_id)?;
        let account = s.player_by_id(&pupil.player)?;
        Ok(class.zip(account).map(|(c, a)| (pupil, c, a)))
    })
    .await?;
    let Some((pupil, class, account)) = found.filter(|(_, _, a)| !a.deleted) else {
        return Err(error(
            StatusCode::NOT_FOUND,
            "unknown_code",
            format!(
                "no pupil has the code '{typed}': a pupil code is {PUPIL_CODE_LEN} letters and \
                 digits; the teacher sees it on the class page"
            ),
        ));
    };
    let cookie = start_pupil_session(&state, &account).await?;
    Ok(with_cookie(StatusCode::OK, seat(&state, &class, &pupil, &account.name), cookie))
}

/// `GET /api/classes/mine`: for a signed-in pupil, their class and where
/// it plays now (its latest tournament); 404 for an account that is not a
/// pupil.
pub(crate) async fn mine(
    State(state): State<Shared>,
    SignedIn { player, .. }: SignedIn,
) -> ApiResult<Mine> {
    let id = player.id.clone();
    let found = blocking(&state, move |s| {
        let Some(pupil) = s.pupil_of(&id)? else { return Ok(None) };
        Ok(s.class(&pupil.class_id)?.map(|c| (pupil, c)))
    })
    .await?;
    let Some((pupil, class)) = found else {
        return Err(error(StatusCode::NOT_FOUND, "not_a_pupil", "this account is in no class"));
    };
    let seat = seat(&state, &class, &pupil, &player.name);
    Ok(Json(Mine { seat, tournament: TournamentLink::of(&class) }))
}

/// The pupil of a class by first name (as in the URL).
async fn pupil_named(state: &Shared, class: &ClassRow, name: &str) -> Result<PupilRow, ApiError> {
    let class_id = class.id.clone();
    let pupils = blocking(state, move |s| s.pupils(&class_id)).await?;
    pupils.into_iter().find(|p| pupil_key(&p.name) == pupil_key(name)).ok_or_else(|| {
        error(
            StatusCode::NOT_FOUND,
            "unknown_pupil",
            format!("the class has no pupil named '{name}'"),
        )
    })
}

/// `DELETE /api/classes/ID/pupils/NAME`: the teacher removes a pupil, which
/// deletes the pupil's account and data (their games stay, for their
/// opponents, under `deleted player`) -> 204.
pub(crate) async fn remove(
    State(state): State<Shared>,
    Path((id, name)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let (_, class) = as_teacher(&state, &headers, &id).await?;
    let pupil = pupil_named(&state, &class, &name).await?;
    let player = pupil.player.clone();
    blocking(&state, move |s| s.remove_pupil(&player)).await?;
    crate::api::account_gone(&state, &pupil.player).await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// `POST /api/classes/ID/pupils/NAME/code`: a new pupil code (the old one
/// signs nobody in any more, and the pupil's sessions end) -> `{code}`.
pub(crate) async fn new_code(
    State(state): State<Shared>,
    Path((id, name)): Path<(String, String)>,
    headers: HeaderMap,
) -> ApiResult<NewCode> {
    let (_, class) = as_teacher(&state, &headers, &id).await?;
    let pupil = pupil_named(&state, &class, &name).await?;
    for _ in 0..5 {
        let fresh = code(PUPIL_CODE_LEN);
        let (player, stored) = (pupil.player.clone(), fresh.clone());
        match blocking(&state, move |s| s.set_pupil_code(&player, &stored)).await {
            Ok(true) => return Ok(Json(NewCode { name: pupil.name, code: fresh })),
            Ok(false) => {
                return Err(error(StatusCode::NOT_FOUND, "unknown_pupil", "removed meanwhile"))
            }
            // The one-in-a-trillion code taken already: draw again.
            Err(_) => continue,
        }
    }
    Err(internal("no free pupil code after five draws"))
}

#[derive(Deserialize)]
pub(crate) struct TournamentBody {
    /// `round_robin`, `swiss` or `knockout`.
    system: String,
    /// A Swiss's rounds.
    rounds: Option<u32>,
    /// The pupils who play, by first name (default: those present).
    pupils: Option<Vec<String>>,
    /// `game` (default) or `match`.
    format: Option<String>,
    clock_seconds: Option<u32>,
    increment_seconds: Option<u32>,
}

/// `POST /api/classes/ID/tournament {system, rounds?, pupils?}`: the
/// teacher starts a class tournament with the pupils present (or those
/// named): it is made, its first round paired and its games started, and
/// the pupils' pages go to it -> 201 `{id, url, players}`.
pub(crate) async fn tournament(
    State(state): State<Shared>,
    ClientOf(client): ClientOf,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<TournamentBody>,
) -> Result<Response, ApiError> {
    let (teacher, class) = as_teacher(&state, &headers, &id).await?;
    let class_id = class.id.clone();
    let pupils = blocking(&state, move |s| s.pupils(&class_id)).await?;
    let at = state.time.now_secs();
    let players: Vec<&PupilRow> = match &body.pupils {
        Some(names) => {
            let mut chosen = Vec::new();
            for name in names {
                let found = pupils.iter().find(|p| pupil_key(&p.name) == pupil_key(name));
                let Some(pupil) = found else {
                    return Err(error(
                        StatusCode::BAD_REQUEST,
                        "unknown_pupil",
                        format!("the class has no pupil named '{name}'"),
                    ));
                };
                if !chosen.iter().any(|c: &&PupilRow| c.player == pupil.player) {
                    chosen.push(pupil);
                }
            }
            chosen
        }
        None => pupils.iter().filter(|p| at - p.last_seen <= PRESENT_SECONDS).collect(),
    };
    if players.len() < 2 {
        return Err(error(
            StatusCode::CONFLICT,
            "too_few_pupils",
            format!(
                "a tournament needs at least two pupils, and {} {} present (seen in the last {} \
                 minutes) or chosen",
                players.len(),
                if players.len() == 1 { "is" } else { "are" },
                PRESENT_SECONDS / 60
            ),
        ));
    }
    let date = crate::time::date(at);
    let create = crate::tournaments::api::CreateBody {
        name: format!("{} {date}", class.name).chars().take(40).collect(),
        game: class.ruleset.clone(),
        system: body.system,
        rounds: body.rounds,
        format: body.format,
        play: Some("online".into()),
        clock_seconds: body.clock_seconds,
        increment_seconds: body.increment_seconds,
        starts: None,
    };
    let names: Vec<String> = players.iter().map(|p| p.name.clone()).collect();
    let entrants = players.iter().map(|p| (p.name.clone(), p.player.clone())).collect();
    let tournament_id =
        crate::tournaments::api::create_with(&state, client, teacher, create, entrants).await?;
    let Json(round) = crate::tournaments::api::start_round(
        State(state.clone()),
        ClientOf(client),
        Path(tournament_id.clone()),
        headers,
    )
    .await?;
    let (class_id, t) = (class.id.clone(), tournament_id.clone());
    blocking(&state, move |s| s.set_class_tournament(&class_id, &t)).await?;
    let body = ClassTournament {
        url: format!("{}/tournaments/{tournament_id}", state.public_url),
        id: tournament_id,
        players: names,
        round,
    };
    Ok((StatusCode::CREATED, Json(body)).into_response())
}
