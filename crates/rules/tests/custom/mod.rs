//! Combinations of rule answers that no preset uses, shared by the property
//! tests and the fuzz targets (which include this file by path), so that the
//! generic checks cover rulesets beyond the catalogue.

use mancala_rules::*;

/// Oware Abapa with the Bridgetown split at every end.
pub const ABAPA_SPLIT: Rules =
    Rules { leftover: Award::Split, starved: Starved::GameEnds(Award::Split), ..ABAPA };

/// Speightstown with Wahree's wipe-out.
pub const SPEIGHTSTOWN_WIPE_OUT: Rules = Rules {
    capture: Capture::TwosAndThrees { grand_slam: GrandSlam::WipeOut },
    target: Target::Reach(25),
    ..SPEIGHTSTOWN
};

/// Anywoli on a 2 x 6 board, with a short stall limit.
pub const MINI_ANYWOLI: Rules = Rules { pits_per_row: 6, stall: Stall::QuietMoves(60), ..ANYWOLI };

/// Single-lap sowing into every pit (the emptied one included) on a 2 x 5
/// board of 3s, feeding by sowing into the opponent's row (else any move),
/// passes for a starved player, a majority target and a stall limit: most
/// rule questions answered differently from the Oware family presets.
pub const OPEN_OWARE: Rules = Rules {
    pits_per_row: 5,
    seeds_per_pit: 3,
    sowing: Sowing::SingleLap,
    origin: Origin::Sown,
    capture: Capture::TwosAndThrees { grand_slam: GrandSlam::CapturesAll },
    feeding: Feeding::Required { test: FeedTest::SowsInto, otherwise: Unfed::AnyMove },
    target: Target::Majority,
    starved: Starved::Passes,
    leftover: Award::OwnRow,
    winner: Winner::MostSeeds,
    repetition: Repetition::EndsGame,
    stall: Stall::QuietMoves(100),
};

/// A tiny relay board where endless relays, passes and "no legal move" can
/// happen (relay sowing never ends a lap in a pit of 2 or 3, so nothing is
/// ever captured: games end by stall or cycle); the player to move takes the
/// rest at every end.
pub const TINY_RELAY: Rules = Rules {
    pits_per_row: 3,
    seeds_per_pit: 3,
    sowing: Sowing::Relay,
    origin: Origin::Sown,
    capture: Capture::TwosAndThrees { grand_slam: GrandSlam::CapturesNothing },
    feeding: Feeding::Required { test: FeedTest::LeavesSeeds, otherwise: Unfed::GameEnds },
    target: Target::None,
    starved: Starved::Passes,
    leftover: Award::ToPlayerToMove,
    winner: Winner::Reach(10),
    repetition: Repetition::EndsGame,
    stall: Stall::QuietMoves(30),
};

pub const CUSTOM: [(&str, Rules); 5] = [
    ("custom: abapa with split", ABAPA_SPLIT),
    ("custom: speightstown with wipe-out", SPEIGHTSTOWN_WIPE_OUT),
    ("custom: anywoli 2x6", MINI_ANYWOLI),
    ("custom: open oware 2x5", OPEN_OWARE),
    ("custom: tiny relay", TINY_RELAY),
];
