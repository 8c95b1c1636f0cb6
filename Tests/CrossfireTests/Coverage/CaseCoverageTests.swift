import Crossfire
import FirestoreModel
import ModelSchema
import Testing

/// `CaseCoverage`: which grid cells a case exercises — every value of the document under the
/// column of the fault at or around it, each fault at its own place, every value of the model
/// value under encode and round trip — and which cells a finding falls in.
@Suite("Coverage: the cells a case and a finding fall in")
struct CaseCoverageTests {
    let schema = HandBuiltCase.schema(
        [
            FieldSchema(name: "count", type: .integer(.int)),
            FieldSchema(name: "tags", type: .array(.string)),
            FieldSchema(name: "inner", type: .structure("Inner")),
            FieldSchema(name: "maybe", type: .optional(.double)),
            FieldSchema(name: "id", type: .optional(.string), wrapper: .documentID),
        ],
        structs: [StructSchema(name: "Inner", fields: [FieldSchema(name: "flag", type: .bool)])])

    let document: FirestoreMap = ["count": .integer(3), "tags": .array([.string("a")]), "inner": .map(["flag": .boolean(true)])]

    private func cell(_ row: GridRow, _ column: GridColumn) -> GridCell { GridCell(row: row, column: column) }

    private func cells(_ document: FirestoreMap?, model: ModelValue? = nil, faults: [Fault] = []) -> Set<GridCell> {
        Set(CaseCoverage(schema: schema).cells(of: CaseRecord(schema: schema, reference: nil, document: document, model: model, faults: faults)))
    }

    @Test("a valid document exercises every value it decodes under valid, absent optionals and @DocumentID too")
    func aValidDocument() {
        let found = cells(document)
        let expected: Set<GridCell> = [
            cell(.type(.structure), .decodeValid), cell(.container(.topLevel), .decodeValid), cell(.container(.structField), .decodeValid),
            cell(.type(.integer), .decodeValid), cell(.type(.array), .decodeValid), cell(.type(.string), .decodeValid),
            cell(.container(.arrayElement), .decodeValid), cell(.type(.bool), .decodeValid), cell(.type(.double), .decodeValid),
            cell(.wrapper(.documentID), .decodeValid),
        ]
        #expect(found == expected)
    }

    @Test("a fault's column is the value's it is at; what only encloses it stays valid")
    func aWrongTypeFault() {
        var faulty = document
        faulty["inner"] = .map(["flag": .string("yes")])
        let found = cells(faulty, faults: [Fault(kind: .wrongType(replaced: .boolean, with: .string), path: ValuePath([.key("inner"), .key("flag")]), detail: "")])
        #expect(Set(found.filter { $0.column == .wrongType }) == Set([cell(.type(.bool), .wrongType), cell(.container(.structField), .wrongType)]))
        #expect(!found.contains(cell(.type(.bool), .decodeValid)))
        // The struct that holds the faulty field is not a struct of the wrong type.
        #expect(found.isSuperset(of: [cell(.type(.structure), .decodeValid), cell(.type(.integer), .decodeValid), cell(.container(.topLevel), .decodeValid)]))
    }

    @Test("a missing key is counted at the removed field, an unknown key at its struct")
    func missingAndUnknownKeys() {
        var missing = document
        missing["count"] = nil
        let removed = cells(missing, faults: [Fault(kind: .missingKey, path: ValuePath(keys: "count"), detail: "")])
        #expect(removed.isSuperset(of: [cell(.type(.integer), .missingKey), cell(.container(.structField), .missingKey)]))
        #expect(!removed.contains(cell(.type(.integer), .decodeValid)))

        var unknown = document
        unknown["extra"] = .integer(1)
        let added = cells(unknown, faults: [Fault(kind: .unknownKey, path: ValuePath(keys: "extra"), detail: "")])
        #expect(added.isSuperset(of: [cell(.type(.structure), .unknownKey), cell(.container(.structField), .unknownKey)]))
        #expect(added.filter { $0.column == .unknownKey }.count == 2)
    }

    @Test("a nested array is counted at its collection, and its own contents are not walked")
    func aNestedArray() {
        var nested = document
        nested["tags"] = .array([.string("a"), .array([.integer(1)])])
        let found = cells(nested, faults: [Fault(kind: .nestedArray, path: ValuePath([.key("tags"), .index(1)]), detail: "")])
        #expect(found.isSuperset(of: [cell(.type(.array), .nestedArray), cell(.container(.arrayElement), .nestedArray)]))
        #expect(!found.contains(cell(.type(.integer), .nestedArray)))
    }

    @Test("a foreign tree is the root's fault alone")
    func aForeignTree() {
        let found = cells(["anything": .string("else")], faults: [Fault(kind: .foreignTree, path: .root, detail: "")])
        #expect(found == [cell(.type(.structure), .foreignTree), cell(.container(.topLevel), .foreignTree)])
    }

    @Test("a model value exercises every value it holds under encode and round trip")
    func aModelValue() {
        let model = HandBuiltCase.structure(["count": .int(1), "tags": .array([]), "inner": HandBuiltCase.structure(["flag": .bool(true)]),
                                             "maybe": .double(2), "id": .null])
        let found = cells(nil, model: model)
        #expect(Set(found.map(\.column)) == [.encode, .roundTrip])
        for column in [GridColumn.encode, .roundTrip] {
            #expect(found.isSuperset(of: [cell(.type(.integer), column), cell(.type(.bool), column), cell(.type(.double), column),
                                          cell(.wrapper(.documentID), column), cell(.container(.topLevel), column)]))
            // An empty array holds no element.
            #expect(!found.contains(cell(.container(.arrayElement), column)))
        }
    }

    @Test("a finding falls in its leaf's type, wrapper and container, under its check's column")
    func aFindingsCells() throws {
        let coverage = CaseCoverage(schema: schema)
        let fault = Fault(kind: .wrongType(replaced: .integer, with: .string), path: ValuePath(keys: "count"), detail: "")
        let decode = Discrepancy(kind: .decodeDisagreement, check: .decode, path: ValuePath(keys: "count"),
                                 facts: LeafFacts(path: ValuePath(keys: "count"), schema: schema, held: .stored(.string("x"))), outcomes: [])
        #expect(coverage.cells(of: decode, faults: [fault]) == [cell(.type(.integer), .wrongType), cell(.container(.structField), .wrongType)])
        #expect(coverage.cells(of: decode, faults: []) == [cell(.type(.integer), .decodeValid), cell(.container(.structField), .decodeValid)])
        let wrapped = Discrepancy(kind: .roundTripLoss, check: .roundTrip, path: ValuePath(keys: "id"),
                                  facts: LeafFacts(path: ValuePath(keys: "id"), schema: schema, held: .absent), outcomes: [])
        #expect(coverage.cells(of: wrapped, faults: [fault]) == [cell(.type(.string), .roundTrip), cell(.wrapper(.documentID), .roundTrip),
                                                                 cell(.container(.structField), .roundTrip)])
        let element = Discrepancy(kind: .encodeDisagreement, check: .encode, path: ValuePath([.key("tags"), .index(0)]),
                                  facts: LeafFacts(path: ValuePath([.key("tags"), .index(0)]), schema: schema, held: .absent), outcomes: [])
        #expect(coverage.cells(of: element, faults: []) == [cell(.type(.string), .encode), cell(.container(.arrayElement), .encode)])
    }

    @Test("grid cells and rows read back from their tokens")
    func tokensRoundTrip() {
        for cell in GridCell.all {
            #expect(GridCell(token: cell.token) == cell)
        }
        #expect(GridCell(token: "type.integer") == nil)
        #expect(GridCell(token: "type.long/encode") == nil)
        #expect(GridRow(token: "wrapper.DocumentID") == .wrapper(.documentID))
    }
}
