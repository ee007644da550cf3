//! Two analyses side by side (a variant and its base, on the same seeds):
//! each figure's difference and the p-value of "no difference".

use super::{Analysis, stats};
use serde::Serialize;

/// A figure of two analyses: its difference (second minus first) and the
/// p-value of "no difference".
#[derive(Clone, Debug, Serialize)]
pub struct Difference {
    pub figure: String,
    pub difference: f64,
    pub p: f64,
}

impl Difference {
    pub fn significant(&self) -> bool {
        self.p < 0.05
    }
}

/// One analysis as JSON, or two with their differences (`first`, `second`,
/// `differences`): what `orrery analyze --format json` prints, the page's
/// interface and the Python package give.
pub fn to_json(first: &Analysis, second: Option<&Analysis>) -> serde_json::Value {
    let value = match second {
        None => serde_json::to_value(first),
        Some(second) => serde_json::to_value(serde_json::json!({
            "first": first,
            "second": second,
            "differences": differences(first, second),
        })),
    };
    value.unwrap_or_default()
}

pub fn differences(a: &Analysis, b: &Analysis) -> Vec<Difference> {
    let mut out = Vec::new();
    for (i, player) in a.players.iter().enumerate() {
        let (Some(wa), Some(wb)) = (a.outcomes.wins.get(i), b.outcomes.wins.get(i)) else { continue };
        out.push(Difference {
            figure: format!("{player} wins (share)"),
            difference: wb.share - wa.share,
            p: stats::two_shares(wa.count, a.games, wb.count, b.games),
        });
    }
    out.push(Difference {
        figure: "draws (share)".to_string(),
        difference: b.outcomes.draws.share - a.outcomes.draws.share,
        p: stats::two_shares(a.outcomes.draws.count, a.games, b.outcomes.draws.count, b.games),
    });
    out.push(Difference {
        figure: "mean length (plies)".to_string(),
        difference: b.length.mean - a.length.mean,
        p: stats::two_means(&a.length.each, &b.length.each),
    });
    out.push(Difference {
        figure: "cut at the cap (share)".to_string(),
        difference: stats::fraction(b.endings.cut_by_cap, b.games) - stats::fraction(a.endings.cut_by_cap, a.games),
        p: stats::two_shares(a.endings.cut_by_cap, a.games, b.endings.cut_by_cap, b.games),
    });
    if let (Some(da), Some(db)) = (&a.drama, &b.drama) {
        out.push(Difference {
            figure: "decided at (share of game)".to_string(),
            difference: db.decided_at_mean - da.decided_at_mean,
            p: stats::two_means(&da.each_decided_at, &db.each_decided_at),
        });
        out.push(Difference {
            figure: "lead changes (per game)".to_string(),
            difference: db.lead_changes_mean - da.lead_changes_mean,
            p: stats::two_means(&da.each_lead_changes, &db.each_lead_changes),
        });
    }
    out
}
