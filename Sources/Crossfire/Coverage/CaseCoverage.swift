import FirestoreModel
import ModelSchema

/// The grid cells one case exercises, and the cells its findings fall in.
///
/// The decode check exercises, for every value of the document that has the schema's shape
/// (and every struct field the document leaves out or that comes from the reference), the
/// cells of its type family, its wrapper and its container under the column of the fault at it
/// or at what encloses it (`valid` where there is none); each fault itself exercises its column at the place
/// it was put (a missing key at the removed field, an unknown key at its struct, a nested array
/// at its collection, a foreign tree at the root). The encode and round-trip checks exercise,
/// for every value of the model value, its cells under `encode` and `round trip`.
package struct CaseCoverage: Sendable {
    /// The schema of the cases.
    package let schema: ModelSchema

    /// Coverage of cases of `schema`.
    package init(schema: ModelSchema) {
        self.schema = schema
    }

    /// The cells a case exercises, one entry per value (a cell appears as often as values in it).
    package func cells(of record: CaseRecord) -> [GridCell] {
        var cells: [GridCell] = []
        if let document = record.document {
            if record.faults.contains(where: { $0.kind == .foreignTree }) {
                cells += rows(at: .root).map { GridCell(row: $0, column: .foreignTree) }
            } else {
                walkStruct(document, name: schema.root, path: .root, place: SchemaCursor(schema: schema), faults: record.faults, into: &cells)
                cells += rows(at: .root).map { GridCell(row: $0, column: column(at: .root, faults: record.faults)) }
                for fault in record.faults {
                    if let situation = RuleSituation.faultSituation(of: fault, in: document, schema: schema) { cells.append(situation.cell) }
                    switch fault.kind {
                    case .missingKey:
                        cells += rows(at: fault.path).map { GridCell(row: $0, column: .missingKey) }
                    case .unknownKey:
                        cells += [GridCell(row: .type(.structure), column: .unknownKey), GridCell(row: .container(.structField), column: .unknownKey)]
                    case .nestedArray, .duplicateSetElement, .danglingDictionaryKey, .invalidDictionaryKey, .nonCanonicalDictionaryKey:
                        cells += collectionRows(of: fault.path).map { GridCell(row: $0, column: GridColumn(fault.kind.faultClass)) }
                    default:
                        break
                    }
                }
            }
        }
        if let model = record.model {
            var rowsSeen: [GridRow] = []
            var situations: [RuleSituation] = []
            walkModel(model, type: .structure(schema.root), place: SchemaCursor(schema: schema), field: nil, reference: record.reference,
                      into: &rowsSeen, situations: &situations)
            for row in rowsSeen {
                cells.append(GridCell(row: row, column: .encode))
                cells.append(GridCell(row: row, column: .roundTrip))
            }
            cells += situations.map(\.cell)
        }
        return cells
    }

    /// The cells a finding falls in: its leaf's type family, wrapper and container under the
    /// column of its check (for decode, of the fault at its leaf or at what encloses it) — except
    /// under a fault that changes a whole structure, whose cells are the fault's own as `cells(of:)`
    /// counts them: a foreign tree's (the root struct at the top level), an unknown key's (a
    /// struct field), and those of a fault put into a collection (a nested array, a duplicate
    /// set element, a bad dictionary key: the collection's type and the element's container).
    package func cells(of discrepancy: Discrepancy, faults: [Fault]) -> [GridCell] {
        let column: GridColumn
        switch discrepancy.check {
        case .decode: column = self.column(at: discrepancy.path, faults: faults)
        case .encode: column = .encode
        case .roundTrip: column = .roundTrip
        // The grid's columns are the mappers' checks; the storage model is no mapper's.
        case .storage: return []
        }
        if discrepancy.check == .decode, let fault = fault(at: discrepancy.path, faults: faults) {
            switch fault.kind {
            case .foreignTree:
                return rows(at: .root).map { GridCell(row: $0, column: column) }
            case .unknownKey:
                return [GridCell(row: .type(.structure), column: column), GridCell(row: .container(.structField), column: column)]
            case .nestedArray, .duplicateSetElement, .danglingDictionaryKey, .invalidDictionaryKey, .nonCanonicalDictionaryKey:
                return collectionRows(of: fault.path).map { GridCell(row: $0, column: column) }
            default:
                break
            }
        }
        var rows: [GridRow] = [.container(discrepancy.facts.container)]
        if let family = discrepancy.facts.family { rows.insert(.type(family), at: 0) }
        if let wrapper = discrepancy.facts.wrapper { rows.insert(.wrapper(wrapper), at: 1) }
        if let coding = discrepancy.facts.coding { rows.append(.coding(coding)) }
        return rows.map { GridCell(row: $0, column: column) }
            + RuleSituation.situations(of: discrepancy, schema: schema).filter { $0.column == column }.map(\.cell)
    }

    /// The column of a decoded place: the class of the fault at it or at what encloses it, or
    /// `valid`. A place that only encloses a fault is valid: a struct holding a corrupted field
    /// is not a corrupted struct (the fault's own place is counted where it was put).
    package func column(at path: ValuePath, faults: [Fault]) -> GridColumn {
        fault(at: path, faults: faults).map { GridColumn($0.kind.faultClass) } ?? .decodeValid
    }

    /// The column of a decoded value: the fault's at it or at what encloses it; else, for a
    /// value in another encoding the SDK accepts for its type, `otherEncoding`; else `valid`.
    private func column(of value: FirestoreValue, type: FieldType, at path: ValuePath, faults: [Fault]) -> GridColumn {
        let column = column(at: path, faults: faults)
        guard column == .decodeValid, schema.isOtherEncoding(value, of: type, coding: schema.handCoding(at: path)) else { return column }
        return .otherEncoding
    }

    /// The fault a decoded place is under: a foreign tree, or the fault at it or at what
    /// encloses it.
    private func fault(at path: ValuePath, faults: [Fault]) -> Fault? {
        faults.first { $0.kind == .foreignTree } ?? faults.first { $0.path.isPrefix(of: path) }
    }

    // MARK: Rows

    /// The rows of the value at a path: its type family, its wrapper, its container.
    private func rows(at path: ValuePath) -> [GridRow] {
        rows(SchemaCursor(schema: schema, path: path))
    }

    /// The rows of the value at a place of the schema.
    private func rows(_ place: SchemaCursor) -> [GridRow] {
        let facts = place.facts(held: .absent)
        var rows: [GridRow] = [.container(facts.container)]
        if let family = facts.family { rows.insert(.type(family), at: 0) }
        if let wrapper = facts.wrapper { rows.append(.wrapper(wrapper)) }
        if let coding = facts.coding { rows.append(.coding(coding)) }
        return rows
    }

    /// The rows of a fault put into a collection (at an element's or entry's path): the
    /// collection's type family, and the element's container.
    private func collectionRows(of path: ValuePath) -> [GridRow] {
        var rows: [GridRow] = []
        if let type = schema.fieldType(at: path.parent) { rows.append(.type(TypeFamily(type, schema: schema))) }
        rows.append(.container(schema.container(of: path)))
        if let coding = schema.handCoding(at: path.parent) { rows.append(.coding(coding)) }
        return rows
    }

    // MARK: Walks

    private func walkStruct(_ map: FirestoreMap, name: String, path: ValuePath, place: SchemaCursor, faults: [Fault],
                            into cells: inout [GridCell]) {
        guard let structSchema = schema.structSchema(named: name) else { return }
        for field in structSchema.fields {
            guard let key = field.codingKey else { continue }
            let here = path.appending(key: key)
            if let value = map[key] {
                walk(value, type: field.type, path: here, place: place.child(.key(key)), faults: faults, into: &cells)
            } else if field.wrapper == .documentID || !faults.contains(where: { $0.path == here }) {
                // A key the document leaves out (an optional, or a @DocumentID read from the
                // reference) is decoded too; a removed key is the fault's own cell.
                cells += rows(place.child(.key(key))).map { GridCell(row: $0, column: column(at: here, faults: faults)) }
            }
        }
    }

    private func walk(_ value: FirestoreValue, type: FieldType, path: ValuePath, place: SchemaCursor, faults: [Fault],
                      into cells: inout [GridCell]) {
        let column = column(of: value, type: type, at: path, faults: faults)
        cells += rows(place).map { GridCell(row: $0, column: column) }
        switch (type.unwrapped, value) {
        case (.structure(let name), .map(let map)):
            walkStruct(map, name: name, path: path, place: place, faults: faults, into: &cells)
        case (.array(let element), .array(let elements)), (.set(let element), .array(let elements)):
            for (index, item) in elements.enumerated() where !Self.isAppendedFault(path.appending(index: index), faults) {
                walk(item, type: element, path: path.appending(index: index), place: place.child(.index(index)), faults: faults, into: &cells)
            }
        case (.dictionary(.enumeration(let name), let valueType), .array(let elements)):
            for (index, item) in elements.enumerated() where !Self.isAppendedFault(path.appending(index: index), faults) {
                walk(item, type: index % 2 == 0 ? .enumeration(name) : valueType, path: path.appending(index: index),
                     place: place.child(.index(index)), faults: faults, into: &cells)
            }
        case (.dictionary(_, let valueType), .map(let map)):
            for (key, item) in map where !Self.isAppendedFault(path.appending(key: key), faults) {
                walk(item, type: valueType, path: path.appending(key: key), place: place.child(.key(key)), faults: faults, into: &cells)
            }
        default:
            break
        }
    }

    /// Whether the value at a path is one a collection fault put there (its cells are the
    /// fault's own).
    private static func isAppendedFault(_ path: ValuePath, _ faults: [Fault]) -> Bool {
        faults.contains { fault in
            switch fault.kind {
            case .nestedArray, .duplicateSetElement, .danglingDictionaryKey, .invalidDictionaryKey, .nonCanonicalDictionaryKey:
                return fault.path == path
            default:
                return false
            }
        }
    }

    private func walkModel(_ value: ModelValue, type: FieldType, place: SchemaCursor, field: FieldSchema?, reference: DocumentReference?,
                           into rowsSeen: inout [GridRow], situations: inout [RuleSituation]) {
        rowsSeen += rows(place)
        if let situation = RuleSituation.writtenSituation(of: value, type: type, field: field, reference: reference) { situations.append(situation) }
        func walk(_ value: ModelValue, _ type: FieldType, _ place: SchemaCursor, field: FieldSchema? = nil) {
            walkModel(value, type: type, place: place, field: field, reference: reference, into: &rowsSeen, situations: &situations)
        }
        switch (value, type.unwrapped) {
        case let (.structure(fields), .structure(name)):
            guard let structSchema = schema.structSchema(named: name), fields.count == structSchema.fields.count else { return }
            for (field, declared) in zip(fields, structSchema.fields) {
                let key = declared.codingKey ?? declared.name
                walk(field.value, declared.type, place.child(.key(key)), field: declared)
            }
        case let (.array(elements), .array(element)), let (.set(elements), .set(element)):
            for (index, item) in elements.enumerated() {
                walk(item, element, place.child(.index(index)))
            }
        case let (.dictionary(entries), .dictionary(keyType, valueType)):
            for (index, entry) in entries.enumerated() {
                if case .enumeration = keyType {
                    walk(entry.key, keyType.fieldType, place.child(.index(2 * index)))
                    walk(entry.value, valueType, place.child(.index(2 * index + 1)))
                } else {
                    let key = schema.storedKeyText(entry.key, keyType: keyType)
                    walk(entry.value, valueType, place.child(.key(key)))
                }
            }
        default:
            break
        }
    }
}
