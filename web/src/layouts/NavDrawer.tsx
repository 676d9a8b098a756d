import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useStoreInfo } from '../store/useStoreInfo';

/**
 * The nav bar's menu on small screens. Its own chunk, loaded when the menu is first opened: the
 * drawer brings MUI's modal, focus trap and slide transition, which no page needs until then.
 */
export default function NavDrawer({
  open,
  onClose,
  links,
}: {
  open: boolean;
  onClose: () => void;
  links: { to: string; label: string }[];
}) {
  const { storeName } = useStoreInfo();
  return (
    // The drawer mounts already open on first use; `appear` keeps its slide-in for that first time.
    <Drawer open={open} onClose={onClose} slotProps={{ transition: { appear: true } }}>
      <Box sx={{ width: 260 }} role="presentation" onClick={onClose}>
        <Typography component="p" variant="h6" sx={{ p: 2, fontWeight: 800 }}>
          {storeName}
        </Typography>
        <List>
          {links.map((link) => (
            <ListItemButton key={link.label} component={RouterLink} to={link.to}>
              <ListItemText primary={link.label} />
            </ListItemButton>
          ))}
        </List>
      </Box>
    </Drawer>
  );
}
