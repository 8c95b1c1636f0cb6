import FirestoreModel
import ModelSchema

/// Integers of a case lowered toward zero by binary search, keeping the class: an
/// out-of-range `Int8` of 9999 ends at 128, the first value the rule refuses. The places are
/// the document's integers and the model value's integers (set elements excepted, so that
/// no two merge).
enum NumberLowering {
    /// One integer of the case.
    struct Place {
        /// Where it is.
        enum Location {
            case document(ValuePath)
            case model([ModelValueEdits.Step])
        }

        /// Where it is.
        let location: Location
        /// Its distance from zero.
        let magnitude: UInt64
        /// Whether it is below zero.
        let isNegative: Bool
        /// Whether it is an unsigned model value.
        let isUnsigned: Bool

        /// The case with the integer at this place set to `magnitude` on its side of zero.
        func lowered(to magnitude: UInt64, in record: CaseRecord) -> CaseRecord? {
            var result = record
            let signed = Int64(truncatingIfNeeded: isNegative ? 0 &- magnitude : magnitude)
            switch location {
            case .document(let path):
                guard let document = record.document,
                      let edited = DocumentEdits.apply(.replace(path, .integer(signed)), to: document)
                else { return nil }
                result.document = edited
            case .model(let steps):
                guard let model = record.model,
                      let edited = ModelValueEdits.apply(.replace(steps, isUnsigned ? .uint(magnitude) : .int(signed)), to: model)
                else { return nil }
                result.model = edited
            }
            return result
        }
    }

    /// The integers of a case further than 1 from zero, the document's first.
    static func places(of record: CaseRecord) -> [Place] {
        var places: [Place] = []
        if let document = record.document { collect(.map(document), at: .root, into: &places) }
        if let model = record.model { collect(model, at: [], into: &places) }
        return places.filter { $0.magnitude > 1 }
    }

    private static func collect(_ value: FirestoreValue, at path: ValuePath, into places: inout [Place]) {
        switch value {
        case .integer(let number):
            places.append(Place(location: .document(path), magnitude: number.magnitude, isNegative: number < 0, isUnsigned: false))
        case .map(let map):
            for (key, child) in map { collect(child, at: path.appending(key: key), into: &places) }
        case .array(let values):
            for (index, child) in values.enumerated() { collect(child, at: path.appending(index: index), into: &places) }
        default:
            break
        }
    }

    private static func collect(_ value: ModelValue, at steps: [ModelValueEdits.Step], into places: inout [Place]) {
        switch value {
        case .int(let number):
            places.append(Place(location: .model(steps), magnitude: number.magnitude, isNegative: number < 0, isUnsigned: false))
        case .uint(let number):
            places.append(Place(location: .model(steps), magnitude: number, isNegative: false, isUnsigned: true))
        case .structure(let fields):
            for (index, field) in fields.enumerated() { collect(field.value, at: steps + [.field(index)], into: &places) }
        case .array(let values):
            for (index, child) in values.enumerated() { collect(child, at: steps + [.element(index)], into: &places) }
        case .dictionary(let entries):
            for (index, entry) in entries.enumerated() { collect(entry.value, at: steps + [.entryValue(index)], into: &places) }
        default:
            break
        }
    }
}
