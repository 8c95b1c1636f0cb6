import ModelSchema
import Testing

/// `ModelSchema.structPositions` and `enumPositions`: where each name's definition is, the
/// first where (in a schema validation refuses) a name is defined twice.
@Suite struct SchemaPositionsTests {
    @Test func eachNameMapsToItsFirstDefinition() {
        let schema = ModelSchema(root: "A", structs: [
            StructSchema(name: "A", fields: []),
            StructSchema(name: "B", fields: []),
            StructSchema(name: "A", fields: [FieldSchema(name: "x", type: .bool)]),
        ], enums: [
            EnumSchema(name: "E", rawType: .none, cases: [EnumCase(name: "one")]),
            EnumSchema(name: "E", rawType: .string, cases: [EnumCase(name: "two")]),
            EnumSchema(name: "F", rawType: .int, cases: [EnumCase(name: "three")]),
        ])
        #expect(schema.structPositions == ["A": 0, "B": 1])
        #expect(schema.enumPositions == ["E": 0, "F": 2])
        #expect(schema.structPositions["A"].map { schema.structs[$0] } == schema.structSchema(named: "A"))
        #expect(ModelSchema(root: "A", structs: []).structPositions.isEmpty)
    }
}
