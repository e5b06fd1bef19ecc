//! A small neural network written out by hand: sparse inputs, one hidden
//! layer of `tanh` units, and a softmax over the seats (each seat's chance
//! of winning). Trained by plain stochastic gradient descent on the cross
//! entropy; stored as little-endian `f32`s behind a short header.

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// The most hidden units a network may have (scratch space lives on the stack).
pub(crate) const MAX_HIDDEN: usize = 128;

/// The first bytes of a stored network.
const MAGIC: &[u8; 4] = b"THN1";

/// A network's parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    inputs: usize,
    hidden: usize,
    outputs: usize,
    /// Input `i`'s weights to every hidden unit: `w1[i * hidden + j]`.
    w1: Vec<f32>,
    b1: Vec<f32>,
    /// Hidden unit `j`'s weights to every output: `w2[j * outputs + o]`.
    w2: Vec<f32>,
    b2: Vec<f32>,
}

/// Why stored bytes are not a network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadNet(pub String);

impl std::fmt::Display for BadNet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "not a stored network: {}", self.0)
    }
}

impl std::error::Error for BadNet {}

impl Net {
    /// Small random weights (the seeded `rng` makes them reproducible).
    pub(crate) fn random(inputs: usize, hidden: usize, outputs: usize, rng: &mut ChaCha8Rng) -> Net {
        let hidden = hidden.clamp(1, MAX_HIDDEN);
        let outputs = outputs.clamp(1, 4);
        let mut r = |scale: f32| (rng.random::<f32>() * 2.0 - 1.0) * scale;
        let s1 = 1.0 / (12.0f32).sqrt();
        let s2 = 1.0 / (hidden as f32).sqrt();
        Net {
            inputs,
            hidden,
            outputs,
            w1: (0..inputs * hidden).map(|_| r(s1)).collect(),
            b1: vec![0.0; hidden],
            w2: (0..hidden * outputs).map(|_| r(s2)).collect(),
            b2: vec![0.0; outputs],
        }
    }

    pub(crate) fn inputs(&self) -> usize {
        self.inputs
    }

    pub(crate) fn outputs(&self) -> usize {
        self.outputs
    }

    /// The hidden activations and the output probabilities for `x`.
    fn forward(&self, x: &[(u32, f32)], h: &mut [f32; MAX_HIDDEN]) -> [f32; 4] {
        let n = self.hidden;
        h[..n].copy_from_slice(&self.b1);
        for &(i, v) in x {
            let i = i as usize;
            if i >= self.inputs {
                continue;
            }
            let row = &self.w1[i * n..(i + 1) * n];
            for (a, w) in h[..n].iter_mut().zip(row) {
                *a += v * w;
            }
        }
        for a in &mut h[..n] {
            *a = a.tanh();
        }
        let mut z = [f32::NEG_INFINITY; 4];
        z[..self.outputs].copy_from_slice(&self.b2);
        for (j, &a) in h[..n].iter().enumerate() {
            let row = &self.w2[j * self.outputs..(j + 1) * self.outputs];
            for (zo, w) in z.iter_mut().zip(row) {
                *zo += a * w;
            }
        }
        softmax(&mut z[..self.outputs]);
        z
    }

    /// The output probabilities for the active inputs `x` (unused outputs 0).
    pub(crate) fn predict(&self, x: &[(u32, f32)]) -> [f32; 4] {
        let mut h = [0.0; MAX_HIDDEN];
        let mut p = self.forward(x, &mut h);
        for q in &mut p[self.outputs..] {
            *q = 0.0;
        }
        p
    }

    /// One gradient step towards the distribution `target` (cross entropy).
    pub(crate) fn learn(&mut self, x: &[(u32, f32)], target: &[f32; 4], lr: f32) {
        let (n, m) = (self.hidden, self.outputs);
        let mut h = [0.0; MAX_HIDDEN];
        let p = self.forward(x, &mut h);
        let mut dz = [0.0f32; 4];
        for ((d, q), t) in dz.iter_mut().zip(&p).zip(target).take(m) {
            *d = q - t;
        }
        let mut dh = [0.0f32; MAX_HIDDEN];
        for ((row, d), a) in self.w2.chunks_exact_mut(m).zip(dh.iter_mut()).zip(&h[..n]) {
            let mut g = 0.0;
            for (w, dzo) in row.iter_mut().zip(&dz) {
                g += *w * dzo;
                *w -= lr * dzo * a;
            }
            *d = g * (1.0 - a * a);
        }
        for (b, d) in self.b2.iter_mut().zip(&dz) {
            *b -= lr * d;
        }
        for (b, d) in self.b1.iter_mut().zip(&dh) {
            *b -= lr * d;
        }
        for &(i, v) in x {
            let i = i as usize;
            if i >= self.inputs {
                continue;
            }
            let row = &mut self.w1[i * n..(i + 1) * n];
            for (w, d) in row.iter_mut().zip(&dh[..n]) {
                *w -= lr * v * d;
            }
        }
    }

    /// The stored form: `THN1`, inputs, hidden, outputs (u32 each), then
    /// w1, b1, w2, b2 as f32, all little-endian.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(16 + 4 * (self.w1.len() + self.b1.len() + self.w2.len() + self.b2.len()));
        out.extend_from_slice(MAGIC);
        for d in [self.inputs, self.hidden, self.outputs] {
            out.extend_from_slice(&(d as u32).to_le_bytes());
        }
        for v in [&self.w1, &self.b1, &self.w2, &self.b2] {
            for x in v.iter() {
                out.extend_from_slice(&x.to_le_bytes());
            }
        }
        out
    }

    /// A network from its stored form.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, BadNet> {
        let header =
            bytes.get(..16).ok_or_else(|| BadNet(format!("{} bytes, shorter than the header", bytes.len())))?;
        if &header[..4] != MAGIC {
            return Err(BadNet("it does not start with THN1".into()));
        }
        let dim = |k: usize| {
            let b = [header[4 * k], header[4 * k + 1], header[4 * k + 2], header[4 * k + 3]];
            u32::from_le_bytes(b) as usize
        };
        let (inputs, hidden, outputs) = (dim(1), dim(2), dim(3));
        if !(1..=MAX_HIDDEN).contains(&hidden) || !(1..=4).contains(&outputs) || inputs > 100_000 {
            return Err(BadNet(format!("sizes {inputs} × {hidden} × {outputs} out of range")));
        }
        let count = inputs * hidden + hidden + hidden * outputs + outputs;
        let body = &bytes[16..];
        if body.len() != 4 * count {
            return Err(BadNet(format!("{} bytes of weights, expected {}", body.len(), 4 * count)));
        }
        let mut floats = body.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]));
        let mut take = |k: usize| -> Vec<f32> { floats.by_ref().take(k).collect() };
        let (w1, b1, w2, b2) = (take(inputs * hidden), take(hidden), take(hidden * outputs), take(outputs));
        if [&w1, &b1, &w2, &b2].iter().any(|v| v.iter().any(|x| !x.is_finite())) {
            return Err(BadNet("a weight is not a finite number".into()));
        }
        Ok(Net { inputs, hidden, outputs, w1, b1, w2, b2 })
    }
}

fn softmax(z: &mut [f32]) {
    let max = z.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let mut sum = 0.0;
    for v in z.iter_mut() {
        *v = (*v - max).exp();
        sum += *v;
    }
    for v in z.iter_mut() {
        *v /= sum;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn stored_bytes_give_back_the_same_network() {
        let net = Net::random(30, 8, 3, &mut ChaCha8Rng::seed_from_u64(1));
        let bytes = net.to_bytes();
        assert_eq!(Net::from_bytes(&bytes), Ok(net));
        assert!(Net::from_bytes(&bytes[..bytes.len() - 1]).is_err());
        assert!(Net::from_bytes(b"PNG.").is_err());
        let mut bad = bytes.clone();
        bad[..4].copy_from_slice(b"XXXX");
        assert!(Net::from_bytes(&bad).is_err());
    }

    #[test]
    fn outputs_are_a_distribution_over_the_seats() {
        let net = Net::random(30, 8, 3, &mut ChaCha8Rng::seed_from_u64(2));
        let p = net.predict(&[(1, 1.0), (7, 0.5), (29, 0.25)]);
        assert!((p.iter().sum::<f32>() - 1.0).abs() < 1e-5, "{p:?}");
        assert_eq!(p[3], 0.0);
    }

    #[test]
    fn learning_moves_the_prediction_towards_the_target() {
        let mut net = Net::random(10, 8, 2, &mut ChaCha8Rng::seed_from_u64(3));
        let (a, b) = ([(1u32, 1.0f32)], [(2u32, 1.0f32)]);
        for _ in 0..300 {
            net.learn(&a, &[1.0, 0.0, 0.0, 0.0], 0.1);
            net.learn(&b, &[0.0, 1.0, 0.0, 0.0], 0.1);
        }
        assert!(net.predict(&a)[0] > 0.9, "{:?}", net.predict(&a));
        assert!(net.predict(&b)[1] > 0.9, "{:?}", net.predict(&b));
    }
}
