import FirestoreModel

/// One place where the emulator did otherwise than a storage model predicted for a document.
package struct StorageDifference: Hashable, Sendable, CustomStringConvertible {
    /// What parted.
    package enum Kind: Hashable, Sendable {
        /// The model refused the document for `rule`; the emulator stored it.
        case storedThoughRefused(rule: LimitViolation.Rule)
        /// The model stored the document; the emulator refused it with `message`.
        case refusedThoughStored(message: String)
        /// Both refused, for different rules (or the message names another field): the model's
        /// rules, and the emulator's message.
        case refusedForAnotherRule(modelRules: [LimitViolation.Rule], message: String)
        /// Both stored, and the emulator gives back `emulator` where the model predicted
        /// `predicted` (nil: nothing there).
        case readBack(predicted: FirestoreValue?, emulator: FirestoreValue?)
    }

    /// The document.
    package let document: DocumentReference
    /// Where in it: the violation's path, the field the emulator's message names, the first
    /// leaf the two read-backs part at — the root when nothing names a place.
    package let path: ValuePath
    /// What parted.
    package let kind: Kind

    /// The rule the difference is about, when one is (what a class groups it by).
    package var rule: LimitViolation.Rule? {
        switch kind {
        case .storedThoughRefused(let rule): return rule
        case .refusedThoughStored(let message), .refusedForAnotherRule(_, let message): return EmulatorRefusalReason(message: message).rule
        case .readBack: return nil
        }
    }

    package var description: String {
        let place = "\(document.path) at \(path.isRoot ? "(document)" : path.description)"
        switch kind {
        case .storedThoughRefused(let rule): return "\(place): the model refuses it (\(rule)), the emulator stored it"
        case .refusedThoughStored(let message): return "\(place): the model stores it, the emulator refused it: \(message)"
        case .refusedForAnotherRule(let rules, let message):
            return "\(place): the model refuses it for \(rules.map(\.rawValue).joined(separator: ", ")), the emulator for: \(message)"
        case .readBack(let predicted, let emulator):
            return "\(place): the model predicts \(predicted.map(\.description) ?? "nothing"), the emulator gives back \(emulator.map(\.description) ?? "nothing")"
        }
    }

    /// The first leaf, depth first with keys in byte order, at which two documents part, with
    /// what each holds there (nil when equal).
    static func firstLeaf(_ predicted: FirestoreMap, _ emulator: FirestoreMap) -> (ValuePath, FirestoreValue?, FirestoreValue?)? {
        var pending: [(ValuePath, FirestoreValue?, FirestoreValue?)] = [(.root, .map(predicted), .map(emulator))]
        while let (path, left, right) = pending.popLast() {
            guard left != right else { continue }
            switch (left, right) {
            case let (.map(a)?, .map(b)?):
                let keys = Set(a.keys + b.keys).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                pending += keys.reversed().map { (ValuePath(path.components + [.key($0)]), a[$0], b[$0]) }
            case let (.array(a)?, .array(b)?):
                pending += (0..<max(a.count, b.count)).reversed().map { index in
                    (ValuePath(path.components + [.index(index)]), index < a.count ? a[index] : nil, index < b.count ? b[index] : nil)
                }
            default:
                return (path, left, right)
            }
        }
        return nil
    }
}
