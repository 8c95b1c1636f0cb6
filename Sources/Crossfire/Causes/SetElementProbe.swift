import FirestoreModel
import ModelSchema

/// The set probe of `CauseResolver`: a set's elements are paired by likeness, not by place, so
/// a mapper that reads one element unlike the reference shows whatever symptom the pairing
/// makes of it — a changed value, an element too few where two read as one, a value where the
/// reference has none. The probe reads each element of the document's set alone (the set
/// replaced by a one-element array): the first element the two mappers read apart is the
/// finding whose cause the set's finding has.
struct SetElementProbe {
    /// The run's mappers and storage.
    let runner: CaseRunner
    /// The case probed (its document is what was read).
    let record: CaseRecord
    /// The departing mapper's name.
    let departing: String
    /// The name of the mapper it departs from.
    let reference: String

    /// The first disagreement of the two mappers over one element of the set that holds the
    /// leaf at `path`, read alone, with the case that shows it; nil when the set's elements
    /// read alone agree, or the leaf is not an element of a set of two or more in the document.
    func loneElementDiscrepancy(at path: ValuePath) -> (discrepancy: Discrepancy, record: CaseRecord, note: String)? {
        guard case .index? = path.components.last, let document = record.document,
              case .array(let elements)? = document.value(at: path.parent), elements.count > 1 else { return nil }
        let specs = [reference, departing].compactMap { name in runner.mappers.first { $0.name == name } }
        guard specs.count == 2, let differ = try? ProbeDiffer(runner: runner, record: record, specs: specs) else { return nil }
        let lone = path.parent.appending(index: 0)
        for (index, element) in elements.enumerated() {
            guard let alone = IsolatedLeafProbe.placing(.array([element]), at: path.parent, in: document) else { continue }
            var probeRecord = record
            probeRecord.document = alone
            let found = differ.differ.checkDecode(alone).discrepancies.filter { lone.isPrefix(of: $0.path) || $0.path == path.parent }
            guard let discrepancy = found.first(where: { !Finding(discrepancy: $0, testCase: probeRecord, allowlist: runner.allowlist).isExpected })
            else { continue }
            return (discrepancy, probeRecord,
                    "element \(index) of the set at \(path.parent) read alone: \(departing) and \(reference) part at \(discrepancy.path)")
        }
        return nil
    }
}
