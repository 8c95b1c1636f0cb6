/// The corrupt keys the mutator puts into `[Int: V]` maps (the corrupt values of single
/// values are `ValueCorruption.catalogue`'s).
enum FaultEdges {
    /// Keys of an `[Int: V]` map that are not integers.
    static let invalidIntKeys: [String] = ["abc", "1.5", " 1", "1 ", "9223372036854775808", "-9223372036854775809", "1e3", "0x1F", "\u{661}", "a1"]

    /// Keys of an `[Int: V]` map that Swift's `Int(_:)` reads, but not in canonical form.
    static let nonCanonicalIntKeys: [String] = ["007", "+1", "-0", "00", "+0"]
}
