/// Firestore's server-side equality for `arrayUnion` and `arrayRemove`: numbers compare by
/// value across integer and double (3 == 3.0, −0.0 == 0.0), NaN equals NaN, null equals
/// null; containers compare element by element with the same rule.
extension FirestoreValue {
    func isEquivalent(to other: FirestoreValue) -> Bool {
        switch (self, other) {
        case let (.integer(a), .integer(b)):
            return a == b
        case let (.double(a), .double(b)):
            return a == b || (a.isNaN && b.isNaN)
        case let (.integer(a), .double(b)), let (.double(b), .integer(a)):
            return FirestoreValue.integer(a, equals: b)
        case let (.array(a), .array(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isEquivalent(to: $1) }
        case let (.map(a), .map(b)):
            guard a.count == b.count else { return false }
            return a.allSatisfy { key, value in b[key].map { value.isEquivalent(to: $0) } ?? false }
        default:
            return self == other
        }
    }

    /// Whether an integer and a double are the same number, exactly.
    private static func integer(_ integer: Int64, equals double: Double) -> Bool {
        guard double.isFinite, double.rounded(.towardZero) == double,
              double >= -9_223_372_036_854_775_808.0, double < 9_223_372_036_854_775_808.0
        else { return false }
        return Int64(double) == integer
    }
}
