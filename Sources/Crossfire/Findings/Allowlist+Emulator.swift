import FirestoreModel
import ModelSchema

extension Allowlist {
    /// The emulator's own refusals that production Firestore documents no rule for, so that
    /// Crossfire's model does not make them (`Docs/emulator-differences.md`): a storage class
    /// where the model stores a vector and the emulator refuses it for this reason is expected.
    /// And what a decoder reads back from the server that the SDK's own round trip in memory
    /// does not give: −0.0 as 0.0.
    package static let emulatorDifferences: [AllowlistEntry] = [
        vectorRefusal(id: "emulator-refuses-nan-in-vector", message: "Vector cannot contain NaN values",
                      reason: "The Firestore emulator refuses a vector holding NaN; production Firestore documents no such rule (a vector's documented limit is its 2,048 dimensions, and NaN is a valid double), so Crossfire's model stores it (Docs/emulator-differences.md #3)."),
        vectorRefusal(id: "emulator-refuses-empty-vector", message: "Cannot have a zero length vector",
                      reason: "The Firestore emulator refuses a vector of no elements; production Firestore documents no such rule, so Crossfire's model stores it (Docs/emulator-differences.md #4)."),
        vectorRefusal(id: "emulator-refuses-vector-in-array", message: "Cannot convert a vector value in an array value",
                      reason: "The Firestore emulator refuses a vector directly inside an array; production Firestore documents no such rule (only an array directly inside an array is refused), so Crossfire's model stores it (Docs/emulator-differences.md #6)."),
        AllowlistEntry(
            id: "server-gives-zero-for-negative-zero",
            reason: "The Firestore emulator gives back 0.0 for a stored −0.0 (Crossfire's storage model follows it; production Firestore documents nothing either way), while the SDK's write path keeps −0.0, so that an app reading its own pending write gets −0.0 and one reading the server's document gets 0.0: a decoder's read through the emulator holding 0.0 where the round trip in memory holds −0.0 (in a Set, two elements that made equal merged into one), and nothing else, is expected (Docs/emulator-differences.md #1).",
            excuses: .mapper(StorageParticipant.emulator)
        ) { discrepancy, _ in
            guard discrepancy.check == .storage,
                  discrepancy.outcomes.map(\.mapper) == [StorageParticipant.model, StorageParticipant.emulator] else { return false }
            // In a set, the leaf pairs elements by likeness: the whole set must have come back
            // so, two elements 0.0 made equal merged into one.
            if let set = discrepancy.enclosingSet {
                guard case .set(let elements) = set.left else { return false }
                var merged: [ModelValue] = []
                for element in elements.map(unsignedZeros) where !merged.contains(element) { merged.append(element) }
                return set.left != set.right && ModelValue.set(merged) == set.right
            }
            guard case .model(let inMemory)? = discrepancy.outcomes[0].leaf,
                  case .model(let throughServer)? = discrepancy.outcomes[1].leaf else { return false }
            return inMemory != throughServer && unsignedZeros(inMemory) == throughServer
        },
    ]

    /// `value` with every −0.0 in it (a Double, a Float, a geopoint's coordinate, at any depth)
    /// made 0.0.
    private static func unsignedZeros(_ value: ModelValue) -> ModelValue {
        func unsigned(_ number: Double) -> Double { number == 0 ? 0 : number }
        switch value {
        case .double(let number): return .double(unsigned(number))
        case .float(let number): return .float(number == 0 ? 0 : number)
        case .geoPoint(let point): return .geoPoint(GeoPoint(latitude: unsigned(point.latitude), longitude: unsigned(point.longitude)))
        case .array(let elements): return .array(elements.map(unsignedZeros))
        case .set(let elements): return .set(elements.map(unsignedZeros))
        case .structure(let fields): return .structure(fields.map { ModelField(name: $0.name, value: unsignedZeros($0.value)) })
        default: return value
        }
    }

    /// An entry for the emulator refusing, with a message that begins with `message`, a
    /// document at a vector: one the model stores, or one the model refuses for a rule of its
    /// own that the document breaks too — the emulator names one refusal per write, and may name
    /// its vector rule first.
    private static func vectorRefusal(id: String, message: String, reason: String) -> AllowlistEntry {
        AllowlistEntry(id: id, reason: reason + " A document that also breaks one of the model's rules may be refused for this one first: the emulator names one rule per write.",
                       excuses: .mapper(StorageParticipant.emulator)) { discrepancy, _ in
            guard discrepancy.check == .storage, discrepancy.outcomes.count == 2,
                  discrepancy.outcomes[0].result == .value || discrepancy.outcomes[0].failure?.kind == .writeRejected,
                  let refusal = discrepancy.outcome(of: StorageParticipant.emulator)?.failure else { return false }
            return refusal.message.hasPrefix(message)
        }
    }
}
