/// Whether this process hashes the same way as every other: only then do a `Set` and a
/// `Dictionary` of the same elements iterate in one order in every process and in every
/// instance, so that a case runs to the same findings each time it runs (the mappers' encoders
/// meet set elements and dictionary entries in iteration order). Swift seeds hashing per
/// process and per table unless the process started with `SWIFT_DETERMINISTIC_HASHING` set;
/// `crossfire` always does (it executes itself again with it).
package enum ProcessHashing {
    /// Two equal sets, alive together, iterate in one order: never the case with per-table
    /// seeds (taken from each table's address).
    package static let isDeterministic: Bool = {
        let first = Set(0..<64)
        let second = Set(0..<64)
        return withExtendedLifetime((first, second)) { Array(first) == Array(second) }
    }()
}
