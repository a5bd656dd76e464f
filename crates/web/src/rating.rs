//! Glicko-2, as Mark Glickman's "Example of the Glicko-2 system" (2012)
//! describes it, step by step: a player's rating, rating deviation (RD) and
//! volatility, updated after a rating period from the games played in it.
//! Here each rated game is its own rating period (as lichess does), and the
//! RD grows with the periods a player stays away ([`Rating::after_idle`]).
//!
//! Pure arithmetic, no storage: the caller loads the two ratings, applies
//! the time away, rates the game for each side and stores the results.

/// The Glicko-2 scale factor between the Glicko scale (1500, 350) and the
/// internal one (0, 2.0147...): 400 / ln 10, as the paper gives it.
const SCALE: f64 = 173.7178;

/// The system constant tau, which limits how fast the volatility can
/// change. The paper suggests 0.3 to 1.2; 0.5 is its example's value.
pub const TAU: f64 = 0.5;

/// The convergence tolerance of the volatility's iteration (step 5), the
/// paper's value.
const EPSILON: f64 = 0.000_001;

/// The rating and deviation of a new player, and the largest deviation
/// there is: one who stays away long enough is as unknown as a newcomer.
pub const START_RATING: f64 = 1500.0;
pub const START_DEVIATION: f64 = 350.0;
pub const START_VOLATILITY: f64 = 0.06;

/// Rating periods in a day, for the time away. One rated game is one period,
/// so this only sets how fast an absent player's deviation grows: lichess's
/// value (0.21436 a day). At volatility 0.06 a deviation of 50 grows to 100
/// in about 320 days away, and back to 350 in about 14 years.
pub const PERIODS_PER_DAY: f64 = 0.21436;

/// A player's Glicko-2 rating on the usual (Glicko) scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating { rating: START_RATING, deviation: START_DEVIATION, volatility: START_VOLATILITY }
    }
}

/// A game's result for the player rated: 1 a win, 0.5 a draw, 0 a loss.
pub type Score = f64;

/// The paper's g(phi): how much a result against an opponent of deviation
/// phi counts.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// The paper's E(mu, mu_j, phi_j): the expected score against an opponent.
fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

impl Rating {
    /// The rating after `periods` rating periods without a game (step 6
    /// alone, once per period): the deviation grows, never past
    /// [`START_DEVIATION`]; the rating and volatility stay.
    pub fn after_idle(self, periods: f64) -> Rating {
        if !periods.is_finite() || periods <= 0.0 {
            return self;
        }
        let phi = self.deviation / SCALE;
        let grown = (phi * phi + periods * self.volatility * self.volatility).sqrt() * SCALE;
        Rating { deviation: grown.min(START_DEVIATION), ..self }
    }

    /// The rating after one rating period with these games (steps 2 to 8 of
    /// the paper). With no games only the deviation grows (one period).
    pub fn rated(self, games: &[(Rating, Score)]) -> Rating {
        if games.is_empty() {
            return self.after_idle(1.0);
        }
        // Step 2: to the Glicko-2 scale.
        let mu = (self.rating - START_RATING) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        let opponents: Vec<(f64, f64, f64)> = games
            .iter()
            .map(|(o, s)| ((o.rating - START_RATING) / SCALE, o.deviation / SCALE, *s))
            .collect();
        // Steps 3 and 4: the estimated variance v and improvement delta.
        let mut inverse_v = 0.0;
        let mut sum = 0.0;
        for &(mu_j, phi_j, s) in &opponents {
            let e = expected(mu, mu_j, phi_j);
            inverse_v += g(phi_j) * g(phi_j) * e * (1.0 - e);
            sum += g(phi_j) * (s - e);
        }
        let v = 1.0 / inverse_v;
        let delta = v * sum;
        // Step 5: the new volatility, by the Illinois algorithm.
        let a = (sigma * sigma).ln();
        let f = |x: f64| {
            let ex = x.exp();
            ex * (delta * delta - phi * phi - v - ex)
                / (2.0 * (phi * phi + v + ex) * (phi * phi + v + ex))
                - (x - a) / (TAU * TAU)
        };
        let mut big_a = a;
        let mut big_b = if delta * delta > phi * phi + v {
            (delta * delta - phi * phi - v).ln()
        } else {
            let mut k = 1.0;
            while f(a - k * TAU) < 0.0 {
                k += 1.0;
            }
            a - k * TAU
        };
        let (mut f_a, mut f_b) = (f(big_a), f(big_b));
        // Converges in a handful of steps; the cap only guards against a
        // non-finite input looping forever.
        for _ in 0..100 {
            if (big_b - big_a).abs() <= EPSILON {
                break;
            }
            let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
            let f_c = f(c);
            if f_c * f_b <= 0.0 {
                big_a = big_b;
                f_a = f_b;
            } else {
                f_a /= 2.0;
            }
            big_b = c;
            f_b = f_c;
        }
        let sigma_new = (big_a / 2.0).exp();
        // Steps 6 and 7: the new deviation and rating.
        let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * sum;
        // Step 8: back to the Glicko scale.
        Rating {
            rating: mu_new * SCALE + START_RATING,
            deviation: (phi_new * SCALE).min(START_DEVIATION),
            volatility: sigma_new,
        }
    }

    /// The rating after one game, its own rating period.
    pub fn after_game(self, opponent: Rating, score: Score) -> Rating {
        self.rated(&[(opponent, score)])
    }
}

/// The rating periods in `seconds` of absence.
pub fn periods(seconds: i64) -> f64 {
    seconds.max(0) as f64 / 86_400.0 * PERIODS_PER_DAY
}

/// A player's Glicko-2 rating in one ruleset and their rated results in it.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    pub ruleset: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// Rated games played, and how they ended for this player.
    pub games: u32,
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    /// When the last rated game ended, in seconds since the Unix epoch: the
    /// deviation grows with the time since then.
    pub rated: i64,
}

/// One rated game in a player's rating history: their rating after it.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryRow {
    pub game: String,
    pub ruleset: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// The rating after the game less the rating before it.
    pub change: f64,
    /// When the game ended, in seconds since the Unix epoch.
    pub at: i64,
}
