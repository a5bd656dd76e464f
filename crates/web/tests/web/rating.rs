//! Glicko-2 against Glickman's "Example of the Glicko-2 system" (2012).

use mancala_web::rating::{periods, Rating, START_DEVIATION};

fn rating(rating: f64, deviation: f64) -> Rating {
    Rating { rating, deviation, volatility: 0.06 }
}

#[test]
fn glicko2_reproduces_the_papers_worked_example() {
    // The paper's player, 1500 / 200 / 0.06, wins against 1400 / 30 and
    // loses against 1550 / 100 and 1700 / 300 in one rating period.
    let games =
        [(rating(1400.0, 30.0), 1.0), (rating(1550.0, 100.0), 0.0), (rating(1700.0, 300.0), 0.0)];
    let after = rating(1500.0, 200.0).rated(&games);
    assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
    assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
    assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
}

#[test]
fn glicko2_draw_between_equals_moves_no_rating_and_shrinks_both_deviations() {
    let new = Rating::default();
    assert_eq!((new.rating, new.deviation, new.volatility), (1500.0, 350.0, 0.06));
    let after = new.after_game(new, 0.5);
    assert!((after.rating - 1500.0).abs() < 1e-9, "{after:?}");
    assert!(after.deviation < 350.0 && after.deviation > 250.0, "{after:?}");
    // A draw against a stronger player gains rating, against a weaker one
    // loses it, by the same amount for equal deviations.
    let (strong, weak) = (rating(1700.0, 80.0), rating(1300.0, 80.0));
    let up = rating(1500.0, 80.0).after_game(strong, 0.5);
    let down = rating(1500.0, 80.0).after_game(weak, 0.5);
    assert!(up.rating > 1500.0 && down.rating < 1500.0, "{up:?} {down:?}");
    assert!(((up.rating - 1500.0) - (1500.0 - down.rating)).abs() < 1e-6);
}

#[test]
fn glicko2_deviation_grows_with_time_away_up_to_a_newcomers() {
    let settled = rating(1620.0, 50.0);
    assert_eq!(settled.after_idle(0.0), settled);
    let year = settled.after_idle(periods(365 * 86_400));
    // Step 6 once per period: phi* = sqrt(phi^2 + n sigma^2), on the paper's scale.
    let n = 365.0 * 0.21436;
    let expected = ((50.0f64 / 173.7178).powi(2) + n * 0.06 * 0.06).sqrt() * 173.7178;
    assert!((year.deviation - expected).abs() < 1e-9, "{year:?}");
    assert!(year.deviation > 100.0 && year.rating == 1620.0, "{year:?}");
    let decades = settled.after_idle(periods(40 * 365 * 86_400));
    assert_eq!(decades.deviation, START_DEVIATION);
}
