import CrossfireTestSupport
import Foundation
import Testing

/// What the modules the fuzz targets link may import: the engine and everything under it carry
/// no networking, because the fuzz targets are linked with the Swift runtime statically
/// (`.clusterfuzzlite/build.sh`) and a static FoundationNetworking needs libcurl, which the
/// runner image has not. The emulator's client lives in `FirestoreEmulator`, reached only
/// through `EmulatorStorageCheck` and `FirebaseFirestore` (the SDK's client), which none of them imports.
@Suite struct ModuleImportTests {
    /// The modules of the `Crossfire` library product and below it.
    static let fuzzLinkedModules = ["FirestoreModel", "FirestoreJSON", "FirestoreCodable", "ModelSchema",
                                    "HandMapper", "ReflectiveMapper", "Crossfire"]

    @Test(arguments: fuzzLinkedModules)
    func importsNoNetworking(_ module: String) throws {
        let folder = TestRepository.url("Sources/\(module)")
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(!files.isEmpty)
        for file in files {
            let imports = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                .filter { $0.hasPrefix("import ") || $0.hasPrefix("@testable import ") || $0.hasPrefix("@_exported import ") }
            for line in imports {
                #expect(!line.hasSuffix(" FoundationNetworking") && !line.hasSuffix(" FirestoreEmulator") && !line.hasSuffix(" EmulatorStorageCheck")
                        && !line.hasSuffix(" FirebaseFirestore"),
                        "\(file.lastPathComponent) of \(module): \(line)")
            }
        }
    }
}
