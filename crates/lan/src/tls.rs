//! The station link's encryption: a certificate made once per installation and kept in the
//! app's data folder, the server's TLS configuration from it, and the station's client
//! configuration that trusts exactly the certificate whose fingerprint the join code
//! carries (pinning: no certificate authority, no name, nothing from the internet).
//!
//! Phones stay on plain HTTP (docs/lan.md says why); only the station's token and what a
//! station sends and receives need the link's secrecy.

use std::path::Path;
use std::sync::Arc;

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::{CryptoProvider, WebPkiSupportedAlgorithms};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer, ServerName, UnixTime};
use rustls::{ClientConfig, DigitallySignedStruct, ServerConfig, SignatureScheme};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::join_code;
use tablekeeper_commands::desk::app_files::{self, AppFile};

/// The name the certificate is made for. Stations pin the certificate itself, so the name
/// is never checked; it only has to be a valid one.
const CERTIFICATE_NAME: &str = "tablekeeper.local";

/// What a station's TLS error says when the server's certificate is not the pinned one.
pub const NOT_PINNED: &str = "the main laptop's certificate is not the one the join code names";

/// This installation's certificate and key.
#[derive(Clone)]
pub struct Identity {
    certificate: CertificateDer<'static>,
    key: Vec<u8>,
}

impl std::fmt::Debug for Identity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Identity({})", self.fingerprint())
    }
}

/// The identity file's form (hex DER).
#[derive(Serialize, Deserialize)]
struct Stored {
    certificate: String,
    key: String,
}

fn hex(bytes: &[u8]) -> String {
    hex::encode(bytes)
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    hex::decode(text).ok()
}

/// The crypto every TLS configuration here uses (ring; no process-wide default is set, so
/// the app's other crates choose their own).
fn provider() -> Arc<CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

impl Identity {
    /// The installation's identity from `data_dir`, made and kept there the first time. A
    /// damaged file is replaced (stations join with a new code at every start anyway); an
    /// identity that cannot be kept (a read-only folder) still serves this run.
    pub fn load_or_create(data_dir: &Path) -> Result<Identity, String> {
        let path = AppFile::StationLink.path(data_dir);
        if let Some(identity) = std::fs::read(&path)
            .ok()
            .and_then(|bytes| serde_json::from_slice::<Stored>(&bytes).ok())
            .and_then(|stored| {
                Some(Identity {
                    certificate: CertificateDer::from(unhex(&stored.certificate)?),
                    key: unhex(&stored.key)?,
                })
            })
            .filter(|identity| identity.server_config().is_ok())
        {
            return Ok(identity);
        }
        let identity = Identity::generate()?;
        let stored = Stored {
            certificate: hex(&identity.certificate),
            key: hex(&identity.key),
        };
        // Readable by the owner alone from its first byte (the data folder may not be).
        if let Ok(bytes) = serde_json::to_vec(&stored) {
            let _ = app_files::write_app_file(data_dir, AppFile::StationLink, &bytes);
        }
        Ok(identity)
    }

    /// A new self-signed certificate (ECDSA P-256).
    pub fn generate() -> Result<Identity, String> {
        let made = rcgen::generate_simple_self_signed(vec![CERTIFICATE_NAME.to_string()])
            .map_err(|e| e.to_string())?;
        Ok(Identity {
            certificate: made.cert.der().clone(),
            key: made.signing_key.serialize_der(),
        })
    }

    /// The fingerprint a join code carries ([`join_code::FINGERPRINT_LENGTH`] characters).
    pub fn fingerprint(&self) -> String {
        fingerprint_of(&self.certificate)
    }

    /// The server's side of the link.
    pub fn server_config(&self) -> Result<Arc<ServerConfig>, String> {
        let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(self.key.clone()));
        let config = ServerConfig::builder_with_provider(provider())
            .with_safe_default_protocol_versions()
            .map_err(|e| e.to_string())?
            .with_no_client_auth()
            .with_single_cert(vec![self.certificate.clone()], key)
            .map_err(|e| e.to_string())?;
        Ok(Arc::new(config))
    }
}

/// The join code's form of a certificate's SHA-256.
fn fingerprint_of(certificate: &[u8]) -> String {
    join_code::encode(&Sha256::digest(certificate), join_code::FINGERPRINT_LENGTH)
}

/// A station's TLS configuration: the server must show the certificate whose fingerprint
/// is `fingerprint` (from the join code), and prove it holds its key.
pub fn pinned_client_config(fingerprint: &str) -> Result<Arc<ClientConfig>, String> {
    let provider = provider();
    let verifier = Pinned {
        fingerprint: fingerprint.to_string(),
        algorithms: provider.signature_verification_algorithms,
    };
    let config = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| e.to_string())?
        .dangerous()
        .with_custom_certificate_verifier(Arc::new(verifier))
        .with_no_client_auth();
    Ok(Arc::new(config))
}

/// Trusts one certificate, by its fingerprint.
#[derive(Debug)]
struct Pinned {
    fingerprint: String,
    algorithms: WebPkiSupportedAlgorithms,
}

impl ServerCertVerifier for Pinned {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        let seen = fingerprint_of(end_entity);
        if crate::guard::same_secret(&seen, &self.fingerprint) {
            Ok(ServerCertVerified::assertion())
        } else {
            Err(rustls::Error::General(NOT_PINNED.into()))
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, cert, dss, &self.algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.algorithms.supported_schemes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_identity_is_kept_and_a_damaged_one_replaced() {
        let dir = tempfile::tempdir().expect("tempdir");
        let first = Identity::load_or_create(dir.path()).expect("made");
        let again = Identity::load_or_create(dir.path()).expect("read");
        assert_eq!(first.fingerprint(), again.fingerprint());
        assert_eq!(first.fingerprint().len(), join_code::FINGERPRINT_LENGTH);
        std::fs::write(
            AppFile::StationLink.path(dir.path()),
            b"{\"certificate\":\"zz\"}",
        )
        .expect("damage");
        let fresh = Identity::load_or_create(dir.path()).expect("made again");
        assert_ne!(fresh.fingerprint(), first.fingerprint());
        assert!(fresh.server_config().is_ok());
    }

    #[test]
    fn hex_round_trips_and_refuses_odd_text() {
        assert_eq!(unhex(&hex(&[0, 1, 254, 255])), Some(vec![0, 1, 254, 255]));
        assert_eq!(unhex("abc"), None);
        assert_eq!(unhex("zz"), None);
    }
}
