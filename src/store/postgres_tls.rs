//! TLS to PostgreSQL through rustls (tokio-postgres-rustls), as the URL's
//! `sslmode` asks, read as libpq reads it: `disable` is plain TCP;
//! `prefer` (the default) uses TLS when the server offers it and plain TCP
//! when it does not; `require` uses TLS or does not connect. Under both the
//! certificate is not checked (libpq's meaning: the link is encrypted, the
//! server not proven), so a server with a self-signed certificate, as
//! Debian installs it, keeps working. `verify-full` checks the certificate:
//! it must chain to a certificate of `sslrootcert` (a PEM file) or, without
//! it, to Mozilla's roots, and name the host.

use super::database::Tls;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::{CryptoProvider, verify_tls12_signature, verify_tls13_signature};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{ClientConfig, DigitallySignedStruct, RootCertStore, SignatureScheme};
use std::sync::Arc;
use tokio_postgres_rustls::MakeRustlsConnect;

/// The connector for `tls` (`None` for [`Tls::Off`]). A root file that
/// cannot be read, or holds no certificate, is refused with its path.
pub(crate) fn connector(tls: &Tls) -> Result<Option<MakeRustlsConnect>, String> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let builder = ClientConfig::builder_with_provider(provider.clone())
        .with_safe_default_protocol_versions()
        .map_err(|e| refused(format!("TLS: {e}")))?;
    let config = match tls {
        Tls::Off => return Ok(None),
        Tls::Prefer | Tls::Require => {
            builder.dangerous().with_custom_certificate_verifier(Arc::new(Unchecked(provider))).with_no_client_auth()
        }
        Tls::VerifyFull { roots } => {
            let mut store = RootCertStore::empty();
            match roots {
                Some(path) => {
                    let shown = path.display();
                    let certificates = CertificateDer::pem_file_iter(path)
                        .map_err(|e| refused(format!("cannot read sslrootcert {shown}: {e}")))?;
                    for certificate in certificates {
                        let certificate = certificate.map_err(|e| refused(format!("sslrootcert {shown}: {e}")))?;
                        store.add(certificate).map_err(|e| refused(format!("sslrootcert {shown}: {e}")))?;
                    }
                    if store.is_empty() {
                        return Err(refused(format!("sslrootcert {shown} holds no certificate")));
                    }
                }
                None => store.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned()),
            }
            builder.with_root_certificates(store).with_no_client_auth()
        }
    };
    Ok(Some(MakeRustlsConnect::new(config)))
}

fn refused(reason: String) -> String {
    reason
}

/// libpq's `prefer` and `require`: any certificate is taken, but the
/// handshake's signatures are still checked with it (the session is
/// encrypted to whoever holds its key).
#[derive(Debug)]
struct Unchecked(Arc<CryptoProvider>);

impl ServerCertVerifier for Unchecked {
    fn verify_server_cert(
        &self,
        _end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        Ok(ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls12_signature(message, cert, dss, &self.0.signature_verification_algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls13_signature(message, cert, dss, &self.0.signature_verification_algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.signature_verification_algorithms.supported_schemes()
    }
}
