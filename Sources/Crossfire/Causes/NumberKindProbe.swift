import FirestoreModel
import ModelSchema

/// The number probe of `CauseResolver`: does the departing mapper read a number at the leaf the
/// same way whether it is stored as an integer or as a double? Firestore keeps the two kinds
/// apart, and a rule may tell them apart (the SDK reads a whole double into an `Int`); a mapper
/// that departs alike for both breaks a rule about numbers, and the kind held is a facet.
struct NumberKindProbe {
    /// The run's mappers and storage.
    let runner: CaseRunner
    /// The case probed.
    let record: CaseRecord
    /// The departing mapper's name.
    let departing: String
    /// The name of the mapper it departs from.
    let reference: String

    /// What the cause says was held, with the probe's note: `number` when the other kind of
    /// the same number leaves both mappers' results as they were, else the finding's own token.
    func held(_ finding: Finding, direction: CauseKey.Direction) -> (token: String, notes: [String]) {
        let own = (finding.key.held.token, [String]())
        let path = finding.discrepancy.path
        guard direction == .read, let document = record.document, let value = document.value(at: path),
              let other = Self.otherKind(of: value),
              case .map(let changed)? = FirestoreValue.map(document).editing(path.components[...], replacement: other),
              let differ = try? ProbeDiffer(runner: runner, record: record, specs: specs) else { return own }
        // What the two read in the probed document (the case's, or the probe's isolated one),
        // then with the number's kind swapped.
        let before = [reference, departing].map { differ.decoded(by: $0, document, at: path)?.result.token }
        let after = [reference, departing].map { differ.decoded(by: $0, changed, at: path)?.result.token }
        guard !before.contains(nil), before == after else { return own }
        return ("number", ["the same number stored as \(other.kind.rawValue): \(departing) and \(reference) give what they gave for the \(value.kind.rawValue)"])
    }

    private var specs: [MapperSpec] {
        [reference, departing].compactMap { name in runner.mappers.first { $0.name == name } }
    }

    /// The same number as the other kind: an integer as a double; a double as an integer, its
    /// fraction dropped and clamped to Int64's range, NaN as zero (the probe asks how a kind is
    /// read, and the results it compares are kinds of results, not values); nil for anything else.
    static func otherKind(of value: FirestoreValue) -> FirestoreValue? {
        switch value {
        case .integer(let number):
            return .double(Double(number))
        case .double(let number) where number.isNaN:
            return .integer(0)
        case .double(let number) where abs(number) < 9.0e18:
            return .integer(Int64(number.rounded(.towardZero)))
        case .double(let number):
            return .integer(number < 0 ? .min : .max)
        default:
            return nil
        }
    }
}
