// The whole Mantine stylesheet, for every page beyond the first screens and the home (most
// components appear there). Its rules repeat the smaller sheets' in Mantine's order, so loading it
// later changes nothing already styled.
import '@mantine/core/styles.css';
