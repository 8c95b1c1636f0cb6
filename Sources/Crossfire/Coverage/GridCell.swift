import ModelSchema

/// A column of the coverage grid: a fault class of the decode check (or a valid document),
/// the encode check, or the round trip.
package enum GridColumn: String, Hashable, Sendable, CaseIterable, Comparable {
    /// Decoding a part of a document with no fault at or around it.
    case decodeValid
    /// Decoding a value in another encoding the SDK accepts for its type: a base64 string for
    /// `Data`, a `{seconds, nanoseconds}` map for a `Date` or `Timestamp`, a
    /// `{latitude, longitude}` map for a `GeoPoint`, an integral double for an integer, an
    /// integer for a floating-point number, a string a type accepting two encodings reads.
    case otherEncoding
    /// Decoding where a struct's key was removed.
    case missingKey
    /// Decoding a null where a value is required.
    case nullValue
    /// Decoding a value of another Firestore type.
    case wrongType
    /// Decoding a value of the right Firestore type that the Swift type cannot hold.
    case corruptedData
    /// Decoding a struct's map with a key the struct does not code.
    case unknownKey
    /// Decoding an array directly inside an array.
    case nestedArray
    /// Decoding a document not made from the schema.
    case foreignTree
    /// Encoding a model value through the write path.
    case encode
    /// Model → stored → model.
    case roundTrip

    /// The column of a fault class.
    package init(_ faultClass: FaultClass) {
        switch faultClass {
        case .missingKey: self = .missingKey
        case .nullValue: self = .nullValue
        case .wrongType: self = .wrongType
        case .corruptedData: self = .corruptedData
        case .unknownKey: self = .unknownKey
        case .nestedArray: self = .nestedArray
        case .foreignTree: self = .foreignTree
        }
    }

    /// The heading: `valid`, `missing key`, …, `encode`, `round trip`.
    package var title: String {
        switch self {
        case .decodeValid: return "valid"
        case .otherEncoding: return "other encoding"
        case .missingKey: return "missing key"
        case .nullValue: return "null"
        case .wrongType: return "wrong type"
        case .corruptedData: return "corrupted"
        case .unknownKey: return "unknown key"
        case .nestedArray: return "nested array"
        case .foreignTree: return "foreign tree"
        case .encode: return "encode"
        case .roundTrip: return "round trip"
        }
    }

    /// The check the column belongs to.
    package var check: CheckKind {
        switch self {
        case .encode: return .encode
        case .roundTrip: return .roundTrip
        default: return .decode
        }
    }

    package static func < (lhs: GridColumn, rhs: GridColumn) -> Bool {
        DeclarationOrder.precedes(lhs, rhs)
    }
}

/// A row of the coverage grid: a Swift type family, a property wrapper, or a kind of
/// container (the grid's second table).
package enum GridRow: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Leaves of a type family.
    case type(TypeFamily)
    /// Leaves that are struct fields with this wrapper.
    case wrapper(PropertyWrapper)
    /// Leaves in this kind of container.
    case container(LeafContainer)
    /// Leaves a struct's hand-written `init(from:)`/`encode(to:)` codes (`FieldCoding`): the
    /// property itself, and an element of a list coded element by element.
    case coding(FieldCoding)
    /// The situation of one of the SDK's documented rules (`RuleSituation`).
    case rule(RuleSituation)

    /// Every row, types first, then wrappers, containers, hand-written codings and rule situations.
    package static let all: [GridRow] = TypeFamily.allCases.map(GridRow.type) + PropertyWrapper.allCases.map(GridRow.wrapper)
        + LeafContainer.allCases.map(GridRow.container) + FieldCoding.allCases.map(GridRow.coding) + RuleSituation.allCases.map(GridRow.rule)

    /// The heading: `integer`, `@DocumentID`, `in an array element`, `coded elementwise`, a rule situation's title.
    package var description: String {
        switch self {
        case .type(let family): return family.title
        case .wrapper(let wrapper): return "@" + wrapper.rawValue
        case .container(let container): return container.title
        case .coding(let coding): return "coded " + coding.rawValue
        case .rule(let situation): return situation.title
        }
    }

    /// A stable token: `type.integer`, `wrapper.DocumentID`, `container.arrayElement`,
    /// `coding.elementwise`, `rule.int8AsBoolean`.
    package var token: String {
        switch self {
        case .type(let family): return "type." + family.rawValue
        case .wrapper(let wrapper): return "wrapper." + wrapper.rawValue
        case .container(let container): return "container." + container.rawValue
        case .coding(let coding): return "coding." + coding.rawValue
        case .rule(let situation): return "rule." + situation.rawValue
        }
    }

    /// The row a token names.
    package init?(token: String) {
        let parts = token.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        switch parts[0] {
        case "type": guard let family = TypeFamily(rawValue: parts[1]) else { return nil }; self = .type(family)
        case "wrapper": guard let wrapper = PropertyWrapper(rawValue: parts[1]) else { return nil }; self = .wrapper(wrapper)
        case "container": guard let container = LeafContainer(rawValue: parts[1]) else { return nil }; self = .container(container)
        case "coding": guard let coding = FieldCoding(rawValue: parts[1]) else { return nil }; self = .coding(coding)
        case "rule": guard let situation = RuleSituation(rawValue: parts[1]) else { return nil }; self = .rule(situation)
        default: return nil
        }
    }

    package static func < (lhs: GridRow, rhs: GridRow) -> Bool {
        (all.firstIndex(of: lhs) ?? 0) < (all.firstIndex(of: rhs) ?? 0)
    }
}

/// One cell of the coverage grid: a rule situation (a type, wrapper or container under a
/// fault class or check) that a run exercised, or did not.
package struct GridCell: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The row.
    package var row: GridRow
    /// The column.
    package var column: GridColumn

    /// Creates a cell.
    package init(row: GridRow, column: GridColumn) {
        self.row = row
        self.column = column
    }

    /// `integer × wrong type`.
    package var description: String { "\(row) × \(column.title)" }

    /// A stable token: `type.integer/wrongType`.
    package var token: String { row.token + "/" + column.rawValue }

    /// The cell a token names.
    package init?(token: String) {
        let parts = token.split(separator: "/", maxSplits: 1).map(String.init)
        guard parts.count == 2, let row = GridRow(token: parts[0]), let column = GridColumn(rawValue: parts[1]) else { return nil }
        self.init(row: row, column: column)
    }

    /// Every cell of the grid, row by row.
    package static let all: [GridCell] = GridRow.all.flatMap { row in GridColumn.allCases.map { GridCell(row: row, column: $0) } }

    package static func < (lhs: GridCell, rhs: GridCell) -> Bool {
        (lhs.row, lhs.column) < (rhs.row, rhs.column)
    }
}
