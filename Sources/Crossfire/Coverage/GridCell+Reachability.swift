import ModelSchema

extension GridCell {
    /// Why no case can ever exercise this cell, when the schema language or the fault it
    /// stands for rules it out; nil for a cell a run can reach.
    package var unreachableReason: String? {
        switch (row, column) {
        case (.rule(let situation), _):
            return column == situation.column ? nil
                : "the rule of \(situation.title) shows only under \(situation.column.title): that column is its situation"
        case (.coding(let coding), _):
            return Self.codingReason(coding, column)
        case (_, .decodeValid), (_, .encode), (_, .roundTrip):
            return nil
        case (.type(let family), .otherEncoding):
            return Self.otherEncodingReason(family)
        case (.wrapper(.explicitNull), .otherEncoding), (.wrapper(.serverTimestamp), .otherEncoding):
            return nil
        case (.container(.topLevel), .otherEncoding):
            return "the document itself is always a map"
        case (.container, .otherEncoding):
            return nil
        case (.wrapper(.documentID), _):
            return "a @DocumentID property is read from the document's reference and never stored, so the document holds nothing there to break"
        case (.type, .missingKey), (.wrapper, .missingKey):
            return nil
        case (.container(.structField), .missingKey):
            return nil
        case (.container, .missingKey):
            return "only a struct's key can go missing; an element or entry that is not there just makes a shorter collection"
        case (.wrapper, .nullValue):
            return "@ServerTimestamp and @ExplicitNull properties are optional, and a null in an optional is a valid value, not a fault"
        case (.container(.topLevel), .nullValue), (.container(.topLevel), .wrongType), (.container(.topLevel), .corruptedData):
            return "the document itself is always a map; replacing it whole is the foreign-tree fault"
        case (_, .nullValue), (_, .wrongType):
            return nil
        case (.type(let family), .corruptedData):
            return ValueCorruption.noCorruptionReason(family)
        case (.wrapper, .corruptedData), (.container, .corruptedData):
            return nil
        case (.type(.structure), .unknownKey), (.container(.structField), .unknownKey):
            return nil
        case (_, .unknownKey):
            return "an unknown key is added to a struct's map"
        case (.type(.array), .nestedArray), (.type(.set), .nestedArray), (.type(.enumDictionary), .nestedArray),
             (.container(.arrayElement), .nestedArray), (.container(.setElement), .nestedArray),
             (.container(.enumKeyedKey), .nestedArray), (.container(.enumKeyedValue), .nestedArray):
            return nil
        case (.wrapper, .nestedArray):
            return "a nested array goes inside a collection: it is a fault of the collection's elements, not of the wrapped property"
        case (_, .nestedArray):
            return "a nested array goes into something stored as an array: an array, a set or an enum-keyed dictionary"
        case (.type(.structure), .foreignTree), (.container(.topLevel), .foreignTree):
            return nil
        case (_, .foreignTree):
            return "a foreign tree replaces the whole document: it is a fault of the root struct at the top level"
        }
    }

    /// Why a type has no other encoding the SDK accepts, or nil when it has one.
    private static func otherEncodingReason(_ family: TypeFamily) -> String? {
        switch family {
        case .integer, .float, .double, .decimal, .date, .timestamp, .geoPoint, .data, .rawEnum:
            return nil
        case .bool:
            // Its text, where a hand-written type that accepts two encodings reads it.
            return nil
        case .string, .url, .documentReference, .color, .caseEnum, .structure, .array, .set, .stringDictionary,
             .intDictionary, .enumDictionary:
            return "the SDK reads \(family.title) from one encoding only"
        }
    }

    /// Why a hand-written coding cannot be in a column, or nil when it can.
    private static func codingReason(_ coding: FieldCoding, _ column: GridColumn) -> String? {
        switch (coding, column) {
        case (_, .decodeValid), (_, .missingKey), (_, .nullValue), (_, .wrongType), (_, .encode), (_, .roundTrip):
            return nil
        case (.nested, .otherEncoding), (.superCoder, .otherEncoding):
            return "a struct has one encoding, a map"
        case (_, .otherEncoding):
            return nil
        case (.nested, .corruptedData), (.superCoder, .corruptedData):
            return "a struct is never corrupted itself: its fields' faults are theirs"
        case (_, .corruptedData):
            return nil
        case (.elementwise, .nestedArray):
            return nil
        case (_, .nestedArray):
            return "a nested array goes into something stored as an array: of the codings, a list coded element by element"
        case (_, .unknownKey):
            return "an unknown key is added to a struct's map, not to a property coded by hand"
        case (_, .foreignTree):
            return "a foreign tree replaces the whole document: it is a fault of the root struct at the top level"
        }
    }
}
