/// The pseudo-random generator behind seeded campaigns: xoshiro256** by David Blackman and
/// Sebastiano Vigna (2018), seeded through SplitMix64 as its authors recommend.
///
/// Small (32 bytes of state), fast, and the same on every platform, so a seed names one
/// case forever. It is not cryptographic and is never used as one.
package struct Xoshiro256StarStar: RandomNumberGenerator, Hashable, Sendable {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64

    /// A generator whose four state words are the first four outputs of SplitMix64 started
    /// at `seed`; no seed gives the all-zero state.
    package init(seed: UInt64) {
        var splitMix = SplitMix64(state: seed)
        s0 = splitMix.next()
        s1 = splitMix.next()
        s2 = splitMix.next()
        s3 = splitMix.next()
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        let result = (s1 &* 5).rotatedLeft(by: 7) &* 9
        let shifted = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= shifted
        s3 = s3.rotatedLeft(by: 45)
        return result
    }

    /// A uniform value in `0...maximum`, by Lemire's multiply-and-reject method (no bias,
    /// no division on the common path).
    package mutating func next(upTo maximum: UInt64) -> UInt64 {
        if maximum == UInt64.max { return next() }
        let range = maximum + 1
        var product = next().multipliedFullWidth(by: range)
        if product.low < range {
            let threshold = (0 &- range) % range
            while product.low < threshold {
                product = next().multipliedFullWidth(by: range)
            }
        }
        return product.high
    }

    /// A uniform double in `[0, 1)` with 53 random bits.
    package mutating func nextUnitDouble() -> Double {
        Double(next() >> 11) * 0x1p-53
    }
}

/// SplitMix64 (Guy Steele, Doug Lea, Christine Flood; the version in Vigna's `splitmix64.c`):
/// used only to expand a 64-bit seed into xoshiro's state.
package struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
    /// The generator's whole state: a Weyl sequence counter.
    package private(set) var state: UInt64

    /// A generator starting at `state`.
    package init(state: UInt64) {
        self.state = state
    }

    /// The next 64 bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension UInt64 {
    /// The bits rotated left by `count` (0 < count < 64).
    @inline(__always)
    func rotatedLeft(by count: UInt64) -> UInt64 {
        (self << count) | (self >> (64 - count))
    }
}
