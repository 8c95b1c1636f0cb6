import Foundation
import FirestoreModel

/// A small seeded generator (SplitMix64), so that every random test case replays exactly.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random Firestore values of every kind, with the edge cases a JSON layer gets wrong:
/// NaN, ±Infinity, −0.0, subnormals, any bit pattern, Int64 extremes, timestamps at every
/// precision and at the ends of the range, strings with NUL, control characters, quotes and
/// astral characters, keys with `/` and `~`.
struct RandomValues {
    var random: SeededRandom
    /// Whether to make only values plain JSON can carry (no timestamps, bytes, references,
    /// geopoints, vectors, non-finite doubles).
    var plainOnly = false

    init(seed: UInt64, plainOnly: Bool = false) {
        random = SeededRandom(seed: seed)
        self.plainOnly = plainOnly
    }

    mutating func document(maxDepth: Int = 4) -> FirestoreMap {
        map(depth: 1, maxDepth: maxDepth)
    }

    mutating func value(depth: Int, maxDepth: Int) -> FirestoreValue {
        let kinds = plainOnly ? 7 : 12
        let kind = Int.random(in: 0..<(depth >= maxDepth ? kinds - 2 : kinds), using: &random)
        switch (plainOnly, kind) {
        case (_, 0): return .null
        case (_, 1): return .boolean(Bool.random(using: &random))
        case (_, 2): return .integer(integer())
        case (_, 3): return .double(double(finite: plainOnly))
        case (_, 4): return .string(string())
        case (true, 5), (false, 10): return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in value(depth: depth + 1, maxDepth: maxDepth) })
        case (true, 6), (false, 11): return .map(map(depth: depth + 1, maxDepth: maxDepth))
        case (false, 5): return .timestamp(timestamp())
        case (false, 6): return .bytes(Data((0..<Int.random(in: 0...9, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }))
        case (false, 7): return .reference(reference())
        case (false, 8): return .geoPoint(GeoPoint(latitude: double(finite: false), longitude: double(finite: false)))
        default: return .vector(VectorValue((0..<Int.random(in: 0...4, using: &random)).map { _ in double(finite: false) }))
        }
    }

    mutating func map(depth: Int, maxDepth: Int) -> FirestoreMap {
        var map = FirestoreMap()
        for _ in 0..<Int.random(in: 0...5, using: &random) {
            map[key()] = value(depth: depth, maxDepth: maxDepth)
        }
        return map
    }

    mutating func integer() -> Int64 {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return [Int64.min, Int64.max, 0, -1, 1, 1 << 53, -(1 << 53) - 1].randomElement(using: &random) ?? 0
        case 1: return Int64.random(in: -1000...1000, using: &random)
        default: return Int64(bitPattern: random.next())
        }
    }

    mutating func double(finite: Bool) -> Double {
        let specials: [Double] = finite
            ? [0, -0.0, 0.1, 1.0, 100, 1e16, 1e17, 1e300, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -.leastNormalMagnitude]
            : [.nan, .infinity, -.infinity, -0.0, 0, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return specials.randomElement(using: &random) ?? 0
        case 1: return Double(Int.random(in: -1000...1000, using: &random)) / 8
        default:
            let bits = Double(bitPattern: random.next())
            return finite && !bits.isFinite ? 1.5 : bits
        }
    }

    mutating func timestamp() -> Timestamp {
        let seconds = Int64.random(in: Timestamp.minimumSeconds..<Timestamp.endSeconds, using: &random)
        let nanos: Int32
        switch Int.random(in: 0..<4, using: &random) {
        case 0: nanos = 0
        case 1: nanos = Int32.random(in: 0..<1000, using: &random) * 1_000_000
        case 2: nanos = Int32.random(in: 0..<1_000_000, using: &random) * 1000
        default: nanos = Int32.random(in: 0..<1_000_000_000, using: &random)
        }
        return Timestamp(seconds: seconds, nanoseconds: nanos)
    }

    mutating func string() -> String {
        let alphabet: [Unicode.Scalar] = ["a", "Z", "0", " ", "\"", "\\", "/", "~", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}",
                                          "é", "\u{301}", "\u{2028}", "\u{FFFF}", "😀", "中", "."]
        var text = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...12, using: &random) {
            if let scalar = alphabet.randomElement(using: &random) { text.append(scalar) }
        }
        return String(text)
    }

    /// A map key: any string without NUL (jansson cannot read NUL in keys).
    mutating func key() -> String {
        var key = string()
        key.unicodeScalars.removeAll { $0 == "\u{0}" }
        return key
    }

    mutating func reference() -> DocumentReference {
        let ids = ["a", "users", "x y", "é", "doc-1", "__id7", "~"]
        var segments: [String] = []
        for _ in 0..<(2 * Int.random(in: 1...3, using: &random)) {
            segments.append(ids.randomElement(using: &random) ?? "a")
        }
        let database = Bool.random(using: &random) ? DatabaseID.default : DatabaseID(projectID: "other-project", database: "db2")
        return (try? DocumentReference(segments: segments, database: database)) ?? DocumentReference.fallback
    }
}

extension DocumentReference {
    /// A fixed valid reference for generators.
    static let fallback: DocumentReference = {
        guard let reference = try? DocumentReference(path: "c/d") else { preconditionFailure("c/d is a valid path") }
        return reference
    }()
}
