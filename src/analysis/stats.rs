//! The statistics the analysis reports: Wilson intervals for shares, a
//! two-sided test of a share against a value and of two shares against each
//! other, and quartiles. Normal approximations, stated as such in
//! docs/analysis.md.

/// `k` of `n` as a share (0 when there are none).
pub fn fraction(k: u64, n: u64) -> f64 {
    if n == 0 { 0.0 } else { k as f64 / n as f64 }
}

/// The 95% Wilson score interval of `k` successes in `n` trials.
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (n, p, z) = (n as f64, k as f64 / n as f64, 1.959_964);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The two-sided p-value of a standard normal deviate.
pub fn two_sided_p(z: f64) -> f64 {
    // Abramowitz and Stegun 7.1.26 for erfc, good to 1.5e-7.
    let x = z.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly =
        t * (0.254_829_592 + t * (-0.284_496_736 + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    (poly * (-x * x).exp()).clamp(0.0, 1.0)
}

/// The p-value of `k` of `n` against the share `p0` (normal approximation).
pub fn share_against(k: u64, n: u64, p0: f64) -> f64 {
    if n == 0 || p0 <= 0.0 || p0 >= 1.0 {
        return 1.0;
    }
    let p = k as f64 / n as f64;
    two_sided_p((p - p0) / (p0 * (1.0 - p0) / n as f64).sqrt())
}

/// The p-value of two shares being equal (pooled two-proportion z-test).
pub fn two_shares(k1: u64, n1: u64, k2: u64, n2: u64) -> f64 {
    if n1 == 0 || n2 == 0 {
        return 1.0;
    }
    let pooled = (k1 + k2) as f64 / (n1 + n2) as f64;
    let se = (pooled * (1.0 - pooled) * (1.0 / n1 as f64 + 1.0 / n2 as f64)).sqrt();
    if se == 0.0 {
        return 1.0;
    }
    two_sided_p((k1 as f64 / n1 as f64 - k2 as f64 / n2 as f64) / se)
}

/// The p-value of two means being equal (Welch's z, for large samples).
pub fn two_means(a: &[f64], b: &[f64]) -> f64 {
    let (ma, va) = mean_var(a);
    let (mb, vb) = mean_var(b);
    let se = (va / a.len().max(1) as f64 + vb / b.len().max(1) as f64).sqrt();
    if se == 0.0 {
        return if ma == mb { 1.0 } else { 0.0 };
    }
    two_sided_p((ma - mb) / se)
}

pub fn mean_var(xs: &[f64]) -> (f64, f64) {
    if xs.is_empty() {
        return (0.0, 0.0);
    }
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = if xs.len() > 1 { xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0) } else { 0.0 };
    (mean, var)
}

/// The value at quantile `q` (0 to 1) of sorted values, interpolated.
pub fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let at = q * (sorted.len() - 1) as f64;
    let (low, high) = (at.floor() as usize, at.ceil() as usize);
    sorted[low] + (sorted[high] - sorted[low]) * (at - low as f64)
}
