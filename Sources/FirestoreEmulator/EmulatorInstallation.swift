import Foundation

/// The installed emulator: its launcher script (`cloud_firestore_emulator`, from the Debian
/// package `google-cloud-cli-firestore-emulator`) and the Java that runs it.
package struct EmulatorInstallation: Hashable, Sendable {
    /// The Debian package that holds the emulator.
    package static let package = "google-cloud-cli-firestore-emulator"
    /// The Debian package of the Java the emulator runs on.
    package static let javaPackage = "openjdk-17-jre-headless"
    /// The environment variable that names the launcher, before the places searched.
    package static let launcherVariable = "CROSSFIRE_FIRESTORE_EMULATOR"
    /// Where the Debian package puts the launcher (`dpkg -L google-cloud-cli-firestore-emulator`).
    package static let packagedLauncher = "/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator"

    /// The launcher script.
    package let launcher: String
    /// The `java` the launcher runs (it reads the `JAVA` variable).
    package let java: String

    /// Finds the launcher — `CROSSFIRE_FIRESTORE_EMULATOR` when set, else the Debian package's
    /// place, else beside the `gcloud` on `PATH` — and Java — `JAVA` when set, else `java` on
    /// `PATH`. Either missing is `notInstalled` with the one line that says what to install.
    package static func locate(environment: [String: String]) throws(EmulatorError) -> EmulatorInstallation {
        let launcher: String
        if let named = environment[launcherVariable], !named.isEmpty {
            guard isExecutable(named) else { throw missingEmulator("\(launcherVariable)=\(named) is not an executable file") }
            launcher = named
        } else if let found = ([packagedLauncher] + besideGcloud(environment)).first(where: isExecutable) {
            launcher = found
        } else {
            throw missingEmulator("no \(URL(fileURLWithPath: packagedLauncher).lastPathComponent) at \(packagedLauncher)")
        }
        let java: String
        if let named = environment["JAVA"], !named.isEmpty {
            guard isExecutable(named) else { throw missingJava("JAVA=\(named) is not an executable file") }
            java = named
        } else if let found = onPath("java", environment) {
            java = found
        } else {
            throw missingJava("no java on PATH")
        }
        return EmulatorInstallation(launcher: launcher, java: java)
    }

    private static func missingEmulator(_ why: String) -> EmulatorError {
        .notInstalled("the Firestore emulator is not installed (\(why)): install the Debian package \(package) "
            + "(sudo apt-get install \(package) \(javaPackage), from Google Cloud's apt repository), "
            + "or set \(EmulatorHost.environmentVariable)=HOST:PORT to use a running one")
    }

    private static func missingJava(_ why: String) -> EmulatorError {
        .notInstalled("Java, which the Firestore emulator runs on, is not installed (\(why)): install the Debian package "
            + "\(javaPackage) (sudo apt-get install \(javaPackage)), "
            + "or set \(EmulatorHost.environmentVariable)=HOST:PORT to use a running emulator")
    }

    /// The launcher of a Cloud SDK installed elsewhere: `…/google-cloud-sdk/bin/gcloud` →
    /// `…/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator`.
    private static func besideGcloud(_ environment: [String: String]) -> [String] {
        guard let gcloud = onPath("gcloud", environment) else { return [] }
        let sdk = URL(fileURLWithPath: gcloud).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
        return [sdk.appendingPathComponent("platform/cloud-firestore-emulator/cloud_firestore_emulator").path]
    }

    private static func onPath(_ name: String, _ environment: [String: String]) -> String? {
        let directories = (environment["PATH"] ?? "").split(separator: ":")
        return directories.map { "\($0)/\(name)" }.first(where: isExecutable)
    }

    private static func isExecutable(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            && FileManager.default.isExecutableFile(atPath: path)
    }
}
