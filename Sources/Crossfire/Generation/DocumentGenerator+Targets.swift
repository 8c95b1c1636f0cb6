import FirestoreModel
import ModelSchema

/// The value a `SituationTarget`'s carrier holds in a document, and the fault it is.
extension DocumentGenerator {
    /// The carrier's value, made from its valid value `valid` (nil: the key absent) under the
    /// key `key`: a rule situation of reading holds its value (a null element, a null entry, a
    /// number for a `Date`, `""` for a `URL`); a type, container or coding holds the mutator's
    /// fault of its class, at the carrier (a type, a coding), at an element (a container, which
    /// gets one first), or at either (a list coded element by element, whose concrete
    /// overloads read the elements). The fault is added to `faults`; nil is an absent key.
    func plant(_ target: SituationTarget, in valid: FirestoreValue?, key: String, faults: inout [Fault],
               from source: inout ChoiceSource) -> FirestoreValue? {
        let place = ValuePath.root.appending(key: key)
        let faultClass: FaultClass
        var value = valid
        let keep: (ValuePath) -> Bool
        switch target.goal {
        case .rule(let situation):
            guard let planted = plantedValue(situation, carrier: target.carrier.type, at: place, from: &source) else { return valid }
            faults.append(planted.fault)
            return planted.value
        case .coding(.elementwise, let chosen):
            // The concrete overloads read the elements: a fault at the list or at an element.
            faultClass = chosen
            keep = { place.isPrefix(of: $0) }
        case .coding(_, let chosen), .type(_, let chosen):
            faultClass = chosen
            keep = { $0 == place }
        case .container(_, let chosen):
            faultClass = chosen
            value = filledCollection(target.carrier.type, from: &source)
            keep = chosen == .nestedArray ? { $0 == place } : { place.isPrefix(of: $0) && $0 != place }
        }
        var mutated = MutatedDocument(document: value.map { [key: $0] } ?? FirestoreMap())
        let mutator = Mutator(values: self, maxFaults: 1, averageFaults: 1, classWeights: .default)
        let places = FaultPlaces(restricting: FaultPlaces(mutated, index: index), to: keep)
        guard mutator.inject(faultClass, into: &mutated, places: places, from: &source) else { return value }
        faults += mutated.faults
        return mutated.document[key]
    }

    /// A collection of the type with one element (an entry of a map or an enum-keyed
    /// dictionary), so that a fault has one to go to.
    private func filledCollection(_ type: FieldType, from source: inout ChoiceSource) -> FirestoreValue {
        switch type {
        case .array(let element), .set(let element):
            return .array([value(of: element, level: 2, from: &source)])
        case .dictionary(.string, let valueType):
            return .map(["k": value(of: valueType, level: 2, from: &source)])
        case .dictionary(.int, let valueType):
            return .map(["7": value(of: valueType, level: 2, from: &source)])
        case .dictionary(.enumeration(let name), let valueType):
            return .array([enumValue(name, from: &source), value(of: valueType, level: 2, from: &source)])
        default:
            return value(of: type, level: 1, from: &source)
        }
    }

    /// The value and fault of a rule situation of reading; nil for one of writing.
    private func plantedValue(_ situation: RuleSituation, carrier: FieldType, at place: ValuePath,
                              from source: inout ChoiceSource) -> (value: FirestoreValue, fault: Fault)? {
        switch (situation, carrier) {
        case (.nullElementIndexTwice, .array(let element)):
            var elements = [value(of: element, level: 2, from: &source)]
            let index = source.bool(probability: 0.5) ? 1 : 0
            elements.insert(.null, at: index)
            return (.array(elements), Fault(kind: .nullValue, path: place.appending(index: index), detail: "null where a \(element) element is required"))
        case (.nullEntryDropped, .dictionary(_, let valueType)):
            var map: FirestoreMap = ["a": .null]
            if source.bool(probability: 0.5) { map["b"] = value(of: valueType, level: 2, from: &source) }
            return (.map(map), Fault(kind: .nullValue, path: place.appending(key: "a"), detail: "null where a \(valueType) value is required"))
        case (.dateFromNumber, _):
            let seconds = source.int64(in: -1_000_000_000...4_000_000_000)
            let number: FirestoreValue = source.bool(probability: 0.5) ? .integer(seconds) : .double(Double(seconds) + 0.25)
            return (number, Fault(kind: .wrongType(replaced: .timestamp, with: number.kind), path: place, detail: "a timestamp replaced by \(number)"))
        case (.emptyURL, _):
            return (.string(""), Fault(kind: .invalidURL, path: place, detail: "the empty string, which URL(string:) refuses"))
        default:
            return nil
        }
    }
}
