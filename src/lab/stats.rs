//! The lab's statistics: means with 95% intervals, proportions with
//! Wilson intervals, and the sequential probability ratio test that
//! `compare` stops by.

pub use crate::experiment::stats::{Interval, wilson};

/// The 97.5% point of the normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A mean with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The mean.
    pub mean: f64,
    /// Half the width of its 95% interval (normal approximation).
    pub half: f64,
    /// Samples.
    pub n: usize,
}

impl Estimate {
    /// The mean of `xs` and its interval; `None` for no samples.
    pub fn of(xs: &[f64]) -> Option<Estimate> {
        if xs.is_empty() {
            return None;
        }
        let n = xs.len() as f64;
        let mean = xs.iter().sum::<f64>() / n;
        let var = if xs.len() > 1 {
            xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)
        } else {
            0.0
        };
        Some(Estimate {
            mean,
            half: Z95 * (var / n).sqrt(),
            n: xs.len(),
        })
    }

    /// The variance of the mean.
    pub fn var(&self) -> f64 {
        (self.half / Z95).powi(2)
    }

    /// The interval's ends.
    pub fn bounds(&self) -> (f64, f64) {
        (self.mean - self.half, self.mean + self.half)
    }
}

/// The verdict of a sequential test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Not decided yet.
    Open,
    /// The difference is at most the one asked about.
    NoDifference,
    /// The second is higher by at least the difference asked about.
    Higher,
    /// The second is lower by at least the difference asked about.
    Lower,
}

/// A two-sided sequential probability ratio test on the mean of paired
/// differences (normal approximation): H0, no difference, against H1,
/// a difference of `delta` either way, at error rates `alpha` (a
/// difference found where there is none) and `beta` (one missed).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The difference worth finding.
    pub delta: f64,
    /// The false-alarm rate.
    pub alpha: f64,
    /// The miss rate.
    pub beta: f64,
}

/// The smallest variance of a paired difference the test assumes: pairs
/// of identical games have none, and a test of nothing must still take
/// some pairs to decide.
pub const VARIANCE_FLOOR: f64 = 0.01;

/// Pairs before the test may stop.
pub const MIN_PAIRS: usize = 16;

impl Sprt {
    /// The log-likelihood bounds: accept H0 at or below the first, H1 at
    /// or above the second.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratios of "higher by delta" and "lower by
    /// delta" against "no difference", from the differences `d`.
    pub fn llr(&self, d: &[f64]) -> (f64, f64) {
        let Some(e) = Estimate::of(d) else {
            return (0.0, 0.0);
        };
        let n = e.n as f64;
        let var = if e.n > 1 {
            (e.var() * n).max(VARIANCE_FLOOR)
        } else {
            VARIANCE_FLOOR
        };
        let sum = e.mean * n;
        let ratio = |mu: f64| (mu * sum - n * mu * mu / 2.0) / var;
        (ratio(self.delta), ratio(-self.delta))
    }

    /// The verdict on the differences `d`.
    pub fn verdict(&self, d: &[f64]) -> Verdict {
        if d.len() < MIN_PAIRS {
            return Verdict::Open;
        }
        let (low, high) = self.bounds();
        let (up, down) = self.llr(d);
        if up >= high {
            Verdict::Higher
        } else if down >= high {
            Verdict::Lower
        } else if up <= low && down <= low {
            Verdict::NoDifference
        } else {
            Verdict::Open
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mean_and_its_interval() {
        let e = Estimate::of(&[1.0, 0.0, 1.0, 0.0]).unwrap();
        assert_eq!(e.mean, 0.5);
        // sd 0.577, / 2, * 1.96.
        assert!((e.half - 0.565_8).abs() < 1e-3, "{}", e.half);
        assert_eq!(Estimate::of(&[]), None);
        assert_eq!(Estimate::of(&[0.3]).unwrap().half, 0.0);
    }

    #[test]
    fn the_sequential_test_decides_both_ways() {
        let t = Sprt {
            delta: 0.1,
            alpha: 0.05,
            beta: 0.05,
        };
        assert_eq!(t.verdict(&[0.0; 10]), Verdict::Open);
        // Identical pairs: no difference once the floor's evidence is in.
        let mut zeros = vec![0.0; MIN_PAIRS];
        while t.verdict(&zeros) == Verdict::Open {
            zeros.push(0.0);
        }
        assert_eq!(t.verdict(&zeros), Verdict::NoDifference);
        // 2.94 / (0.1^2 / 2 / 0.01) = 5.9: the floor decides after 6.
        assert_eq!(zeros.len(), MIN_PAIRS);
        let higher: Vec<f64> = (0..60)
            .map(|i| if i % 3 == 0 { 0.0 } else { 0.5 })
            .collect();
        assert_eq!(t.verdict(&higher), Verdict::Higher);
        let lower: Vec<f64> = higher.iter().map(|x| -x).collect();
        assert_eq!(t.verdict(&lower), Verdict::Lower);
    }
}
