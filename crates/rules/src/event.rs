//! What happens in a move, seed by seed, so an interface can animate and
//! explain it without knowing the rules.

use crate::moves::Pit;
use crate::position::Outcome;
use crate::side::Side;

/// One step of a move, in the order it happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// The mover empties a pit into their hand.
    Take { pit: Pit, seeds: u8 },
    /// One seed is dropped into a pit.
    Drop { pit: Pit },
    /// The emptied pit is passed over ([`crate::Origin::Skipped`]).
    Skip { pit: Pit },
    /// Relay: the last seed of a lap landed in an occupied pit, whose seeds
    /// are lifted and sown on.
    Relay { pit: Pit, seeds: u8 },
    /// Seeds taken from a pit into a player's store.
    Capture { pit: Pit, seeds: u8, by: Side },
    /// The captures just reported took every seed in the opponent's row
    /// ([`crate::GrandSlam::CapturesAll`] or [`crate::GrandSlam::WipeOut`]).
    GrandSlam { seeds: u8 },
    /// A capture of the opponent's whole row that the rules void
    /// ([`crate::GrandSlam::CapturesNothing`]).
    GrandSlamVoided { seeds: u8 },
    /// The mover moves again.
    ExtraTurn { side: Side },
    /// A player cannot move and passes.
    Pass { side: Side },
    /// The last four went by lot to `side` ([`crate::LastFour::Lot`]); an
    /// award of the four follows.
    Lot { side: Side },
    /// End of game: seeds left on the board (or in hand) go to a player.
    Award { side: Side, seeds: u8 },
    /// The game is over.
    End(Outcome),
}

/// Receives the events of a move. `()` ignores them at no cost; a
/// `Vec<Event>` collects them.
pub trait Observer {
    /// Whether events are wanted at all; `false` lets the engine take
    /// shortcuts that produce no events.
    const ACTIVE: bool = true;

    fn event(&mut self, event: Event);
}

impl Observer for () {
    const ACTIVE: bool = false;

    #[inline(always)]
    fn event(&mut self, _: Event) {}
}

impl Observer for Vec<Event> {
    #[inline]
    fn event(&mut self, event: Event) {
        self.push(event);
    }
}
